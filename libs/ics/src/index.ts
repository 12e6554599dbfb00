export { bookingUid, feedIcs, invitationIcs, type CalendarEntry, type Invitation } from './booking-calendar';
