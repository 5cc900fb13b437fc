/**
 * react-big-calendar with its Luxon localizer and drag-and-drop addon, styled for Mantine light and
 * dark. Used by the calendar page (draggable, selectable) and by the daily modal (one day).
 */
import { DEFAULT_GROUP_COLOR } from '@tandem/shared/groups/group';
import { type CSSProperties, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import type { Formats, View } from 'react-big-calendar';
import dragAndDropModule, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import CalendarModule from 'react-big-calendar/lib/Calendar';
import luxonModule from 'react-big-calendar/lib/localizers/luxon';
import { DateTime } from '../../../lib/time/luxon.ts';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useTranslation } from 'react-i18next';
import { inkOn } from '../../groups/utils/hex-color.ts';
import type { BlockEvent } from '../../time-blocks/utils/block-events.ts';
import type { CalendarEvent } from '../utils/events.ts';
import { type CalendarView, WORK_WEEK_HOURS } from '../utils/range.ts';
import './calendar.css';

/**
 * lib/ is CommonJS (exports.default with __esModule). Imported from our ES module the bundler may
 * hand over module.exports itself (Node's rule) rather than exports.default: unwrap either way.
 */
function cjsDefault<T>(mod: T): T {
  let m: unknown = mod;
  while (m && typeof m === 'object' && 'default' in m) m = (m as { default: unknown }).default;
  return m as T;
}

/** Weeks start on Sunday (spec 000 §9: the month grid starts on the Sunday of the first week). */
const luxonLocalizer = cjsDefault(luxonModule);
const Calendar = cjsDefault(CalendarModule);
const withDragAndDrop = cjsDefault(dragAndDropModule);
const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 7 });
/** A task's occurrence, or a time block's band drawn behind them (day and week grids). */
type GridEvent = CalendarEvent | BlockEvent;
const isBlock = (e: GridEvent): e is BlockEvent => 'block' in e;
const DnDCalendar = withDragAndDrop<GridEvent>(Calendar);

/**
 * The day and week grids are not ARIA tables: rbc's day header is a `columnheader` with no row or
 * grid around it, so screen readers and axe-core (aria-required-parent) find a broken table. A plain
 * label there; the month view keeps rbc's header, which sits in its `table` > `row`.
 */
function DayHeader({ label }: { label: ReactNode }) {
  return <span>{label}</span>;
}
const timeViewComponents = {
  day: { header: DayHeader },
  week: { header: DayHeader },
  work_week: { header: DayHeader },
};

/**
 * The all-day strip of the day and week grids is rbc's DateContentRow, which always renders
 * `role="rowgroup"` > `role="row"` with no table around them and no cells in them (axe-core:
 * aria-required-parent/-children, critical). No prop turns them off, so they are removed from the
 * DOM here whenever rbc draws that strip (React does not put back an attribute whose value it
 * has not changed). The month view's rows are inside its `table` and are left alone.
 */
const ORPHAN_ROLES = '.rbc-time-header .rbc-allday-cell[role], .rbc-time-header .rbc-row-content[role]';
/**
 * The hours of the day and week grids scroll on their own; a day with no event in it has nothing to
 * focus inside, so a keyboard could not scroll it (axe-core: scrollable-region-focusable). The region
 * is made focusable and named, here for the same reason: rbc has no prop for it.
 */
const SCROLLING_HOURS = '.rbc-time-content:not([tabindex])';
/**
 * A time block's band is scenery behind the tasks: clicks pass through it to the slots (a task can be
 * made inside a block), so rbc's button role and tab stop on it are dropped too.
 */
const BLOCK_BANDS = '.rbc-background-event[role]';
function useDropOrphanRoles(hoursLabel: string) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const drop = () => {
      for (const el of root.querySelectorAll(ORPHAN_ROLES)) el.removeAttribute('role');
      for (const el of root.querySelectorAll(BLOCK_BANDS)) {
        el.removeAttribute('role');
        el.removeAttribute('tabindex');
      }
      for (const el of root.querySelectorAll(SCROLLING_HOURS)) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', hoursLabel);
      }
    };
    drop();
    const observer = new MutationObserver(drop);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hoursLabel]);
  return ref;
}

export interface SlotInfo {
  start: Date;
  end: Date;
}

export interface CalendarGridProps {
  view: CalendarView;
  date: Date;
  events: CalendarEvent[];
  /** Time blocks, drawn as bands behind the tasks in the day and week grids. */
  blocks?: BlockEvent[];
  formats: Formats;
  height: number | string;
  scrollToTime?: Date;
  onSelectEvent: (event: CalendarEvent) => void;
  onSelectSlot?: (slot: SlotInfo) => void;
  onDrillDown?: (date: Date) => void;
  onMove?: (args: EventInteractionArgs<CalendarEvent>, resized: boolean) => void;
  /** Kept in step with the page's state; our own toolbar does the navigating. */
  onNavigate?: (date: Date) => void;
}

const dayAt = (hour: number, minute = 0, second = 0) =>
  DateTime.now().startOf('day').set({ hour, minute, second }).toJSDate();

export function CalendarGrid({
  view,
  date,
  events,
  blocks,
  formats,
  height,
  scrollToTime,
  onSelectEvent,
  onSelectSlot,
  onDrillDown,
  onMove,
  onNavigate,
}: CalendarGridProps) {
  const { t } = useTranslation('calendar');
  const workWeek = view === 'work_week';
  // Hours 0 to 24 (spec 000 §9); the Work Week shows 7 to 19 (001 §9).
  const min = useMemo(() => dayAt(workWeek ? WORK_WEEK_HOURS.start : 0), [workWeek]);
  const max = useMemo(() => (workWeek ? dayAt(WORK_WEEK_HOURS.end) : dayAt(23, 59, 59)), [workWeek]);
  const messages = useMemo(
    () => ({
      allDay: t('grid.allDay'),
      noEventsInRange: t('grid.noEvents'),
      showMore: (count: number) => t('grid.showMore', { count }),
      event: t('grid.event'),
      date: t('grid.date'),
      time: t('grid.time'),
      today: t('toolbar.today'),
      previous: t('toolbar.back'),
      next: t('toolbar.next'),
      day: t('views.day'),
      week: t('views.week'),
      work_week: t('views.work_week'),
      month: t('views.month'),
    }),
    [t],
  );
  const editable = Boolean(onMove);
  const rootRef = useDropOrphanRoles(t('grid.hours'));

  return (
    <div ref={rootRef}>
      <DnDCalendar
        className={`tandem-calendar tandem-calendar-${view}`}
        localizer={localizer}
        components={timeViewComponents}
        culture="en-US"
        events={events}
        backgroundEvents={view === 'month' ? undefined : blocks}
        view={view as View}
        views={['day', 'week', 'work_week', 'month']}
        date={date}
        onNavigate={(d) => onNavigate?.(d)}
        onView={() => {}}
        toolbar={false}
        formats={formats}
        messages={messages}
        min={min}
        max={max}
        scrollToTime={scrollToTime}
        step={15}
        timeslots={4}
        popup
        style={{ height }}
        allDayAccessor="allDay"
        selectable={Boolean(onSelectSlot)}
        onSelectSlot={(slot) => onSelectSlot?.({ start: slot.start as Date, end: slot.end as Date })}
        onSelectEvent={(e) => !isBlock(e) && onSelectEvent(e)}
        onDrillDown={onDrillDown ? (d) => onDrillDown(d) : undefined}
        draggableAccessor={(e) => editable && !isBlock(e) && e.occurrence.editable}
        // A resize changes the minutes of a timed occurrence; an all-day one stays one day.
        resizableAccessor={(e) => editable && !isBlock(e) && e.occurrence.editable && !e.allDay}
        resizable={editable}
        onEventDrop={(args) => !isBlock(args.event) && onMove?.({ ...args, event: args.event }, false)}
        onEventResize={(args) => !isBlock(args.event) && onMove?.({ ...args, event: args.event }, true)}
        tooltipAccessor={(e) => e.title}
        eventPropGetter={(e) => {
          if (isBlock(e)) {
            const tint = e.block.color || DEFAULT_GROUP_COLOR;
            return { className: 'tandem-calendar-block', style: { '--block-color': tint } as CSSProperties };
          }
          const bg = e.occurrence.group.color || DEFAULT_GROUP_COLOR;
          // Under 45 minutes there is room for one line: the title (the time is in the popup).
          const short = !e.allDay && e.end.getTime() - e.start.getTime() < 45 * 60_000;
          return {
            className:
              [e.occurrence.editable ? '' : 'tandem-calendar-locked', short ? 'tandem-calendar-short' : '']
                .filter(Boolean)
                .join(' ') || undefined,
            style: { backgroundColor: bg, color: inkOn(bg), borderColor: bg },
          };
        }}
      />
    </div>
  );
}
