import { useUserConfig } from '../user/get-user-config.ts';
import { displayZone, setDisplayZone } from './zone.ts';

/**
 * Shows every time in the person's zone from their settings (issue 11): the Intl-based formatting
 * (lib/time/zone.ts) and Luxon's default zone, which follows it (lib/time/luxon.ts). Applied while
 * the shell renders, so a page drawn with the settings at hand is drawn in the person's zone at once;
 * returns the zone, on which the shell keys its pages, so a page drawn in the computer's zone before
 * the settings arrived is drawn again in the person's (and again after a change of the setting).
 */
export function useDisplayZone(): string {
  const { data: config } = useUserConfig();
  const wanted = config?.timezone;
  // Idempotent (a zone already shown changes nothing), so safe in render.
  return wanted === undefined ? displayZone() : setDisplayZone(wanted);
}
