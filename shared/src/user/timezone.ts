import { IANAZone } from 'luxon';

/** An IANA zone name the platform knows ('Europe/Berlin'); offsets and abbreviations are refused. */
export function isValidTimezone(zone: string): boolean {
  return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone) && IANAZone.isValidZone(zone);
}

export const DEFAULT_TIMEZONE = 'UTC';
