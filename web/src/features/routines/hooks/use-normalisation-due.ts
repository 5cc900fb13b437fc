/**
 * Is the day's normalisation due for the signed-in person (it never ran for them, or ran on another
 * day or in another zone)? Checked at start and each minute after, so a page left open past midnight
 * finds the new day. The shell loads the normalisation itself (components/sync-message.tsx, which
 * runs it and shows the sync message) only once it is due: the other starts of the day skip its code.
 */
import { useEffect, useState } from 'react';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { normalisationStorageKey, parseLast, shouldNormalise } from '../utils/normalisation.ts';

/** Re-check each minute so a page left open past midnight normalises the new day. */
export const RECHECK_MS = 60_000;

/** The stored value, or null (private mode, no storage). */
export const readStored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** True once the normalisation is due; it stays true (the normalisation then checks for itself). */
export function useNormalisationDue(): boolean {
  const { data: user } = useAuthUser();
  const { data: config } = useUserConfig();
  const userId = user?.id;
  const zone = config?.timezone;
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (due || !userId || !zone) return;
    const check = () => {
      const last = parseLast(readStored(normalisationStorageKey(userId)));
      if (shouldNormalise(last, new Date(), zone)) setDue(true);
    };
    check();
    const id = setInterval(check, RECHECK_MS);
    return () => clearInterval(id);
  }, [due, userId, zone]);
  return due;
}
