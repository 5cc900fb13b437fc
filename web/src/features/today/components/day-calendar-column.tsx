/**
 * The Today page's day calendar (spec 001 §2: maximum width 500 px), beside the lists on wide
 * screens only. react-big-calendar loads on demand, and not at all below 1024 px.
 */
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';

const DayCalendar = lazy(() => import('./day-calendar.tsx'));

export function DayCalendarColumn() {
  const wide = useMediaQuery('(min-width: 64em)', false, { getInitialValueInEffect: false });
  if (!wide) return null;
  return (
    <Box component="aside" w="100%" maw={500} miw={320} style={{ flex: '1 1 0' }}>
      <Suspense fallback={null}>
        <DayCalendar />
      </Suspense>
    </Box>
  );
}
