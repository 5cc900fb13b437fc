/**
 * The Today page's day calendar (spec 001 §2: maximum width 500 px), beside the lists on wide
 * screens only. react-big-calendar loads on demand, not at all below 1024 px, and only once the
 * page's first content is on screen; its column keeps the calendar's size meanwhile, so nothing
 * moves when it arrives.
 */
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useFirstContentShown } from '../../../lib/first-content.ts';
import { DAY_CALENDAR_HEIGHT } from './day-calendar-size.ts';

const DayCalendar = lazy(() => import('./day-calendar.tsx'));

export function DayCalendarColumn() {
  const wide = useMediaQuery('(min-width: 64em)', false, { getInitialValueInEffect: false });
  const shown = useFirstContentShown();
  if (!wide) return null;
  return (
    <Box
      component="aside"
      w="100%"
      maw={500}
      miw={320}
      // The calendar's height (its grid, the frame's padding and border): the space is kept before it loads.
      mih={DAY_CALENDAR_HEIGHT + 10}
      style={{ flex: '1 1 0' }}
    >
      {shown && (
        <Suspense fallback={null}>
          <DayCalendar />
        </Suspense>
      )}
    </Box>
  );
}
