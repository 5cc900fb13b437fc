import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so due colours and "today" roll over at midnight. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
