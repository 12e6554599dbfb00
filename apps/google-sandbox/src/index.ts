// What the end-to-end suite starts in-process; other apps never import this.
export { GoogleSandbox, type GoogleSandboxSettings } from './google-sandbox';
export { CalendarStore, eventResource, type StoredEvent } from './calendar-store';
