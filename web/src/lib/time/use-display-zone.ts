import { useEffect, useState } from 'react';
import { useUserConfig } from '../user/get-user-config.ts';
import { browserZone, displayZone, setDisplayZone } from './zone.ts';

/** Whether Luxon's default zone was ever set away from the computer's (then it must follow every change). */
let luxonZoneSet = false;

/**
 * Shows every time in the person's zone from their settings (issue 11): the Intl-based formatting
 * (lib/time/zone.ts) and Luxon's default zone, which the calendar's localizer, routines and
 * schedules read (Luxon is loaded for it only when the person's zone is not the computer's). Returns the zone once both are set; the shell keys its pages on it, so a page
 * drawn in the computer's zone before the settings arrived is drawn again in the person's.
 */
export function useDisplayZone(): string {
  const { data: config } = useUserConfig();
  const [applied, setApplied] = useState(displayZone);
  const wanted = config?.timezone;
  useEffect(() => {
    if (wanted === undefined) return;
    const zone = setDisplayZone(wanted);
    // Luxon's default is the computer's zone already: nothing to load when the person's is the same.
    if (zone === browserZone() && !luxonZoneSet) {
      setApplied(zone);
      return;
    }
    luxonZoneSet = true;
    let live = true;
    // Luxon is a chunk of its own, kept off the start-up path; the pages that use it wait for it.
    void import('luxon').then(({ Settings }) => {
      Settings.defaultZone = zone;
      if (live) setApplied(zone);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return applied;
}
