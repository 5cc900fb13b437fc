/**
 * Runs the day's normalisation (spec 001 §4) once per local day per user, or when the user's time
 * zone setting changes, then reads again only the lists it changed (none when it changed nothing,
 * decisions D34). `syncing` is true while it runs, for at most 12 s (spec 001 §9), so the shell can
 * show the sync message.
 */
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { normaliseDay } from '../api/normalise.ts';
import {
  markNormalised,
  normalisationStorageKey,
  parseLast,
  SYNC_MESSAGE_MS,
  shouldNormalise,
  staleAfterNormalisation,
} from '../utils/normalisation.ts';
import { RECHECK_MS, readStored } from './use-normalisation-due.ts';

const write = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: it runs again next time, which is harmless.
  }
};

export function useDailyNormalisation(): boolean {
  const { data: user } = useAuthUser();
  const { data: config } = useUserConfig();
  const userId = user?.id;
  const zone = config?.timezone;
  const [syncing, setSyncing] = useState(false);

  useEffect(() => {
    if (!userId || !zone) return;
    let cancelled = false;
    let running = false;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const key = normalisationStorageKey(userId);
    const check = async () => {
      const now = new Date();
      if (running || !shouldNormalise(parseLast(readStored(key)), now, zone)) return;
      running = true;
      // Marked before the call: a failure is not retried in a loop; tomorrow (or a zone change) runs again.
      write(key, JSON.stringify(markNormalised(now, zone)));
      setSyncing(true);
      hide = setTimeout(() => setSyncing(false), SYNC_MESSAGE_MS);
      try {
        const { changed } = await normaliseDay(zone);
        if (!cancelled && changed.length > 0) await mutate(staleAfterNormalisation(changed));
      } catch {
        // Best effort: the server also normalises each day at 03:00.
      } finally {
        running = false;
        clearTimeout(hide);
        if (!cancelled) setSyncing(false);
      }
    };
    void check();
    const id = setInterval(() => void check(), RECHECK_MS);
    return () => {
      cancelled = true;
      clearInterval(id);
      clearTimeout(hide);
      setSyncing(false);
    };
  }, [userId, zone]);

  return syncing;
}
