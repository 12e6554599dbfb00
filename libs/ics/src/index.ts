export { bookingUid, feedIcs, invitationIcs, type CalendarEntry, type Feed } from './booking-calendar';
export { calendarEventId, type Invitation } from './ical-parts';
export {
  occurrenceInvitationIcs,
  seriesEventId,
  seriesInvitationIcs,
  seriesUid,
  type OccurrenceEntry,
  type SeriesCalendarEntry,
} from './series-event';
