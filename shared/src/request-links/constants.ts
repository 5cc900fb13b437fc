/**
 * Request links' plain rules (spec 002 §3, §5, §8, §9; decisions D68), with no schema library: the
 * public request page, a small entry of its own, reads them without zod. rules.ts adds the schemas.
 */
import { enCount, TEXT_LIMITS } from '../api/limit-values.ts';

export const REQUEST_LINK_ID_PREFIX = 'sr-';
/** 'sr-' and 32 hex digits (128 random bits). */
export const REQUEST_LINK_ID_PATTERN = /^sr-[0-9a-f]{32}$/;
export const isRequestLinkId = (id: string) => REQUEST_LINK_ID_PATTERN.test(id);

/** Spec 002 §5: the placeholder the form shows while the partner program loads; never stored. */
export const PARTNER_PROGRAM_PLACEHOLDER = 'loading...';

/** The public page's paths (spec 002 §2). */
export const requestPagePath = (id: string) => `/requests/${id}`;
export const REQUEST_CONFIRMATION_PATH = '/request-links-confirmation';
/** The public request page's own HTML file in the web build (a small entry of its own, D68). */
export const REQUEST_PAGE_FILE = '/request.html';
/** The paths the public request page serves: /requests/{id}, and the confirmation with or without '/'. */
export const REQUEST_PAGE_PATHS = /^\/(requests\/[^/]+\/?|request-links-confirmation\/?)$/;
export const isRequestPagePath = (pathname: string) => REQUEST_PAGE_PATHS.test(pathname);

/** Bounds. */
export const REQUEST_LINK_LIMITS = {
  /** Most request links one person keeps. */
  links: 50,
  requestTypes: 20,
  durationOptions: 10,
  assignees: 20,
  /** The free texts of the configuration. */
  text: 500,
  /** The welcome message and the confirmation message. */
  longText: 2_000,
  url: 2_000,
  /** A request's description. */
  description: 5_000,
  /** A voice note: about a minute and a half of Opus. */
  voiceBytes: 1_000_000,
  /** A logo. */
  logoBytes: 1_000_000,
  /** Tasks the portal lists at most. */
  portalTasks: 200,
} as const;

/** Abuse controls of the public submission (decisions D68). */
export const REQUEST_ABUSE = {
  /** Submissions one address may send in a minute; more get 429. */
  perIpPerMinute: 10,
  /** Submissions one link takes in a minute from everyone together; more get 429. */
  perLinkPerMinute: 60,
  /** A form filled and sent faster than this after it was opened is a robot's. */
  minSubmitMs: 3_000,
  /** A form opened longer ago than this must be opened again. */
  formTicketSeconds: 86_400,
} as const;

/** The voice note's types: what MediaRecorder writes in Chromium, Firefox and Safari. */
export const VOICE_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * The header that carries the viewer's address to the API (decisions D76): CloudFront's function on
 * the API's paths writes it from the connection it served, replacing any a viewer sent; the local
 * gateway writes it as CloudFront would. Only trusted behind that edge (functions' address.ts).
 */
export const VIEWER_ADDRESS_HEADER = 'x-tandem-viewer-address';

/** The honeypot: a field people never see (hidden by the page), so only robots fill it. */
export const HONEYPOT_FIELD = 'website';

export const URGENCY = ['normal', 'urgent'] as const;
export type Urgency = (typeof URGENCY)[number];

/** Spec 002 §9. */
export const REQUEST_LINK_DEFAULTS = {
  companyName: '',
  welcomeMessage: '',
  brandingConfig: {
    primaryColor: '#2563eb',
    logoBackgroundType: 'transparent' as 'transparent' | 'solid',
    logoBackgroundColor: '#ffffff',
  },
  requestConfig: {
    requestTypes: ['Email Management', 'Website Updates'],
    otherRequestTypeEnabled: false,
    voiceRecordingEnabled: false,
    dueDateEnabled: false,
    schedulingEnabled: false,
    schedulingDurationOptions: [
      { label: 'Hour', minutes: 60 },
      { label: '30 Minutes', minutes: 30 },
      { label: '15 Minutes', minutes: 15 },
    ],
    urgencyEnabled: false,
    /** When a requester may be scheduled (decisions D76); null: any time from now on. */
    schedulingHours: null as SchedulingHours | null,
  },
  confirmationConfig: {
    confirmationMessage: 'Thank you for your request!',
    nextSteps: "We'll review your request within 24 hours",
    responseTimePromise: 'We typically respond within 24 hours',
    businessHours: 'Monday - Friday, 9:00 AM - 5:00 PM EST',
  },
  legalConfig: { termsEnabled: false, termsUrl: '', privacyEnabled: false, privacyUrl: '' },
};

export const REQUEST_LINK_MESSAGES = {
  notFound: 'This request link does not exist or is no longer active.',
  companyRequired: 'Company name is required.',
  color: 'Give a colour as #rrggbb.',
  url: 'Give a web address starting with https:// or http://.',
  termsUrl: 'Give the address of your terms.',
  privacyUrl: 'Give the address of your privacy policy.',
  typeRequired: 'A request type needs a name.',
  duplicateType: 'Each request type is listed once.',
  email: 'Enter a valid e-mail address.',
  duplicateAssignee: 'Each assignee is listed once.',
  duration: 'A duration is 5 to 480 minutes.',
  tooMany: (what: string, max: number) => `At most ${max} ${what}.`,
  tooLong: (max: number) => `At most ${enCount(max)} characters.`,
  tooManyLinks: `You can keep at most ${50} request links.`,
  nameRequired: 'Your name is required.',
  descriptionRequired: 'Describe your request.',
  requestType: 'Choose one of the request types.',
  honeypot: 'Your request could not be sent.',
  tooFast: 'Your request was sent too quickly. Wait a moment and send it again.',
  formExpired: 'This form has expired. Reload the page and send your request again.',
  voiceType: 'A voice note is a WebM, Ogg, MP4, MP3 or WAV recording.',
  voiceTooLarge: `A voice note is at most ${REQUEST_LINK_LIMITS.voiceBytes / 1_000_000} MB.`,
  voiceMissing: 'The voice note was not uploaded. Record it again.',
  voiceOff: 'This form takes no voice notes.',
  logoType: 'A logo is a PNG, JPEG, WebP or GIF image.',
  logoTooLarge: `A logo is at most ${REQUEST_LINK_LIMITS.logoBytes / 1_000_000} MB.`,
  logoMissing: 'The logo was not uploaded. Choose it again.',
  dueDate: 'Give the due date as YYYY-MM-DD.',
  scheduledTime: 'Give the time in ISO 8601.',
  scheduleOff: 'This form takes no scheduling.',
  durationOffered: 'Choose one of the durations offered.',
  scheduleNeedsTime: 'Choose a time for the appointment.',
  scheduleInPast: 'Choose a time that has not passed.',
  outsideHours: (h: SchedulingHours) => `Choose a time within the business hours: ${describeHours(h)}.`,
  hoursOrder: 'The hours must end after they start.',
  hoursDays: 'Choose at least one day.',
  hoursTime: 'Give the time as HH:MM.',
} as const;

/**
 * The hours a requester may book (decisions D76): weekdays (1 Monday … 7 Sunday) and a daily window
 * 'HH:MM'–'HH:MM' in an IANA zone. A booking starts and ends inside one day's window.
 */
export interface SchedulingHours {
  timezone: string;
  days: number[];
  start: string;
  end: string;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const HOURS_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 'Mon, Tue, Fri 09:00–17:00 (Europe/Berlin)'. */
export function describeHours(h: SchedulingHours): string {
  const days = [...h.days].sort((a, b) => a - b).map((d) => DAY_NAMES[d - 1] ?? '?');
  return `${days.join(', ')} ${h.start}–${h.end} (${h.timezone})`;
}

/** The weekday (1–7) and minute of the day of an instant in a zone, by Intl (no date library). */
export function wallClock(instant: number, timezone: string): { day: number; minute: number; date: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    day: DAY_NAMES.indexOf(parts.weekday as (typeof DAY_NAMES)[number]) + 1,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/** Whether [start, start + minutes) lies inside one day's window of the hours. */
export function withinHours(h: SchedulingHours, startMs: number, minutes: number): boolean {
  const a = wallClock(startMs, h.timezone);
  const b = wallClock(startMs + minutes * 60_000, h.timezone);
  const open = minutesOf(h.start);
  const close = minutesOf(h.end);
  // Both ends on the same local date: a booking never runs over midnight or into the next day's window.
  return h.days.includes(a.day) && a.date === b.date && a.minute >= open && b.minute <= close;
}

/**
 * A request's appointment against its link's scheduling (spec 002 §3, §9; decisions D76): scheduling
 * on, a time with one of the offered durations, not in the past, inside the hours when they are set.
 * Answers the field errors (the API's snake_case names), or null when it may be booked. The server
 * checks it before anything is written; the public page checks it before sending.
 */
export function requestScheduleErrors(
  cfg: Pick<RequestLinkConfig['requestConfig'], 'schedulingEnabled' | 'schedulingDurationOptions'> & {
    schedulingHours?: SchedulingHours | null;
  },
  input: { scheduledTime?: string | null; duration?: number | null },
  now: Date,
): Record<string, string> | null {
  if (!input.scheduledTime) {
    if (input.duration != null) return { scheduled_time: REQUEST_LINK_MESSAGES.scheduleNeedsTime };
    return null;
  }
  if (!cfg.schedulingEnabled) return { scheduled_time: REQUEST_LINK_MESSAGES.scheduleOff };
  const start = Date.parse(input.scheduledTime);
  if (Number.isNaN(start)) return { scheduled_time: REQUEST_LINK_MESSAGES.scheduledTime };
  if (input.duration == null || !cfg.schedulingDurationOptions.some((o) => o.minutes === input.duration))
    return { duration: REQUEST_LINK_MESSAGES.durationOffered };
  if (start < now.getTime()) return { scheduled_time: REQUEST_LINK_MESSAGES.scheduleInPast };
  const hours = cfg.schedulingHours;
  if (hours && !withinHours(hours, start, input.duration))
    return { scheduled_time: REQUEST_LINK_MESSAGES.outsideHours(hours) };
  return null;
}

export interface RequestLinkAssignee {
  id: string;
  email: string;
  role: 5 | 6;
}

export interface RequestLinkConfig {
  companyName: string;
  welcomeMessage: string;
  partnerProgramId: string | null;
  brandingConfig: typeof REQUEST_LINK_DEFAULTS.brandingConfig;
  requestConfig: typeof REQUEST_LINK_DEFAULTS.requestConfig;
  confirmationConfig: typeof REQUEST_LINK_DEFAULTS.confirmationConfig;
  legalConfig: typeof REQUEST_LINK_DEFAULTS.legalConfig;
}

/** What the owner reads (spec 002 §3 "Request link configuration"). */
export interface RequestLinkView extends RequestLinkConfig {
  id: string;
  /** The group its tasks go to. */
  group: string;
  requestLinkId: string;
  /** A link to the logo, or null. */
  logo: string | null;
  assignees: RequestLinkAssignee[];
  isActive: boolean;
  /** The public page's address. */
  requestLink: string;
  createdAt: string;
  updatedAt: string;
}

/** What the public page reads: the configuration without the owner's people, and a form ticket. */
export interface PublicRequestLinkView extends Omit<RequestLinkConfig, 'partnerProgramId'> {
  id: string;
  logo: string | null;
  formToken: string;
}

/** One task of the portal (a request's task). */
export interface PortalTaskView {
  id: string;
  title: string;
  requestLink: string;
  companyName: string;
  requesterName: string;
  requesterEmail: string;
  requestType: string;
  urgency: Urgency | null;
  dueDate: string | null;
  scheduledTime: string | null;
  duration: number | null;
  createdAt: string;
}
export interface PortalTaskDetail extends PortalTaskView {
  description: string;
  /** A link to the voice note, or null. */
  voiceNote: string | null;
  status: number | null;
  assignees: string[];
}

/** The task a request makes: its title. */
export const requestTaskTitle = (requestType: string, requesterName: string) =>
  `${requestType} — ${requesterName}`.slice(0, TEXT_LIMITS.taskTitle);

/** The request's details as the task's description. */
export function requestTaskDescription(r: {
  requesterName: string;
  requesterEmail: string;
  requestType: string;
  description: string;
  dueDate?: string | null;
  scheduledTime?: string | null;
  duration?: number | null;
  urgency?: Urgency | null;
  companyName: string;
}): string {
  const lines = [
    `Request through ${r.companyName}`,
    `From: ${r.requesterName} <${r.requesterEmail}>`,
    `Type: ${r.requestType}`,
    ...(r.urgency ? [`Urgency: ${r.urgency}`] : []),
    ...(r.dueDate ? [`Due: ${r.dueDate}`] : []),
    ...(r.scheduledTime
      ? [`Scheduled: ${r.scheduledTime}${r.duration ? ` (${r.duration} minutes)` : ''}`]
      : []),
    '',
    r.description,
  ];
  return lines.join('\n');
}

/** Whether a request type is one the link offers (or any, with the other type enabled). */
export const requestTypeAllowed = (
  cfg: Pick<RequestLinkConfig['requestConfig'], 'requestTypes' | 'otherRequestTypeEnabled'>,
  type: string,
) =>
  cfg.otherRequestTypeEnabled || cfg.requestTypes.some((t) => t.toLowerCase() === type.trim().toLowerCase());

/**
 * Spec 002 §5 and §8: what the editor says when a save fails, from the answer's status and body.
 * 400: 'Validation failed: ' and the server's detail; 500: 'Server error (500): ' and its detail;
 * any other status but 200 or 201: 'Failed to save configuration: {status}'. Null on success.
 */
export function saveFailureMessage(status: number, body: unknown): string | null {
  if (status === 200 || status === 201) return null;
  const b = (body ?? {}) as { detail?: unknown; errors?: Record<string, unknown> };
  const fieldErrors = b.errors && typeof b.errors === 'object' ? Object.entries(b.errors) : [];
  const detail =
    fieldErrors.length > 0
      ? fieldErrors.map(([k, v]) => `${k}: ${String(v)}`).join('; ')
      : typeof b.detail === 'string'
        ? b.detail
        : '';
  if (status === 400) return `Validation failed: ${detail}`;
  if (status === 500) return `Server error (500): ${typeof b.detail === 'string' ? b.detail : ''}`;
  return `Failed to save configuration: ${status}`;
}

/** Spec 002 §8: a failed submission says its status and body. */
export const submitFailureMessage = (status: number, body: string) =>
  `Failed to submit request: ${status} - ${body}`;
export const CONFIRM_FAILURE_MESSAGE = 'Failed to confirm request';
export const PORTAL_MESSAGES = {
  listFailed: 'Failed to load tasks',
  detailFailed: 'Failed to load task details',
} as const;
