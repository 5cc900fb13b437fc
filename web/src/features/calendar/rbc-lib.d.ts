/**
 * react-big-calendar's own modules, imported one by one: the package index (its ESM bundle) carries
 * every localizer (moment, dayjs, globalize, date-fns), and the drag-and-drop addon is built on
 * lib/, so taking the calendar from lib/ too keeps one copy of it in the chunk.
 */
declare module 'react-big-calendar/lib/Calendar' {
  import { Calendar } from 'react-big-calendar';
  export default Calendar;
}

declare module 'react-big-calendar/lib/localizers/luxon' {
  import { luxonLocalizer } from 'react-big-calendar';
  export default luxonLocalizer;
}
