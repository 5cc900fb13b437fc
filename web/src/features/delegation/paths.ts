/** The public page behind a delegation e-mail (spec 002 §2 public routes). */
export const acceptDelegateInvitePath = '/accept-delegate-invite';
