export {
  bookingUid,
  calendarEventId,
  feedIcs,
  invitationIcs,
  type CalendarEntry,
  type Invitation,
} from './booking-calendar';
