/**
 * An IANA zone name the platform knows ('Europe/Berlin'); offsets ('+02:00') and abbreviations are
 * refused. Intl is the source of truth, so server and browser agree without shipping zone data.
 */
const zoneName = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/;

export function isValidTimezone(zone: string): boolean {
  if (!zoneName.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIMEZONE = 'UTC';
