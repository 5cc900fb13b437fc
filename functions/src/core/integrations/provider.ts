/**
 * What the sync needs of a calendar service, whichever it is (google.ts, microsoft.ts, caldav.ts).
 * Events are read as changes since a token (Google's sync token, Microsoft's delta link, CalDAV's
 * sync-token), in bounded pages; the first read (no token) starts at the link's start date.
 */
import type { CalendarChoice } from '@tandem/shared/integrations/integrations';

/** An event as the sync reads it: one instant start, a length, maybe a rule. */
export interface RemoteEvent {
  id: string;
  /** CalDAV: the resource's path. */
  href?: string;
  /** Changes whenever the event does (etag, or the change key). */
  etag: string;
  title: string;
  description: string;
  /** ISO instant. */
  start: string;
  durationMinutes: number;
  allDay: boolean;
  timezone: string | null;
  recurRule: string | null;
}

export interface Changes {
  events: RemoteEvent[];
  /** Ids of events removed (CalDAV: their hrefs). */
  deleted: string[];
  /** The token to read the next changes from; null when the pages ran out before the end (read on next run). */
  token: string | null;
  /** The provider refused the old token (it expired): read everything again from the start date. */
  reset?: boolean;
}

/** A task as it is written to a calendar: the iCalendar text and its parts for JSON APIs. */
export interface OutgoingEvent {
  taskId: string;
  title: string;
  description: string;
  start: string;
  durationMinutes: number;
  allDay: boolean;
  timezone: string;
  /** RRULE/EXDATE/RDATE lines as iCalendar writes them (icalendar.ts). */
  recurrence: string[];
  /** The whole VCALENDAR (CalDAV PUTs it). */
  ical: string;
}

export interface EventRef {
  eventId: string;
  href?: string;
}

export interface CalendarClient {
  /** The account's address (shown on the screen). */
  account(): Promise<string>;
  listCalendars(): Promise<CalendarChoice[]>;
  changes(calendar: string, token: string | undefined, startDate: string): Promise<Changes>;
  put(
    calendar: string,
    existing: EventRef | null,
    event: OutgoingEvent,
  ): Promise<EventRef & { etag: string }>;
  remove(calendar: string, ref: EventRef): Promise<void>;
  /**
   * Of these series, the ids of those no longer there. Only for a provider whose removals name a
   * series' occurrences rather than the series (Graph): the sync asks when it hears of removals it
   * cannot place.
   */
  goneSeries?(eventIds: readonly string[]): Promise<string[]>;
}

/** The provider refused our credentials (refresh token expired or revoked, password changed). */
export class CredentialsRefusedError extends Error {
  constructor(detail: string) {
    super(`The calendar provider refused the credentials: ${detail}`);
    this.name = 'CredentialsRefusedError';
  }
}

/** The provider answered something else than expected (outage, bad request): retried on the next run. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`The calendar provider answered ${status}: ${detail.slice(0, 300)}`);
    this.name = 'ProviderError';
  }
}
