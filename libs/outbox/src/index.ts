export { OutboxWriter, type OutboxEvent } from './outbox-writer';
export { OutboxRelay, type OutboxRelaySettings } from './outbox-relay';
export { Inbox } from './inbox';
export { CreateOutboxAndInbox1764000000000 } from './outbox.migration';
export { AddOutboxQuietLease1764000001000 } from './outbox-quiet.migration';
export { laneOf, OUTBOX_LANES } from './lanes';
export { OUTBOX_CHANNEL } from './outbox-sql';
