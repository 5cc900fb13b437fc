/**
 * Where the time-blocking banner goes (app shell, after the first content): it reads the person's
 * time blocks and only when there are some loads the banner that checks them (active-block-banner.tsx),
 * which carries rrule — about 13 KB of gzip most people, who have no time blocks, never load (D61).
 */
import { lazy, Suspense } from 'react';
import { useTimeBlocks } from '../api/time-blocks.ts';

const ActiveBlockBanner = lazy(() => import('./active-block-banner.tsx'));

export default function TimeBlockBanner() {
  // The same request and options as the banner's own (SWR shares it): once, and again on focus.
  const { data: blocks } = useTimeBlocks({ revalidateOnFocus: true, dedupingInterval: 30_000 });
  if (!blocks || blocks.count === 0) return null;
  return (
    <Suspense fallback={null}>
      <ActiveBlockBanner />
    </Suspense>
  );
}
