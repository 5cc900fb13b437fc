/** The public page behind an attendee invitation e-mail (spec 002 §2 public routes). */
export const acceptAttendeeInvitePath = '/accept-attendee-invite';
