export {
  bookingUid,
  feedIcs,
  invitationIcs,
  type CalendarEntry,
  type Feed,
  type Invitation,
} from './booking-calendar';
export { calendarEventId } from './ical-parts';
export { seriesEventId, seriesUid, type SeriesCalendarEntry } from './series-event';
