// What the end-to-end suite starts in-process; other apps never import this.
export { MessagingSandbox, type MessagingSandboxSettings } from './messaging-sandbox';
export type { ReceivedEmail } from './smtp-inbox';
export type { ReceivedSms } from './sms-api';
