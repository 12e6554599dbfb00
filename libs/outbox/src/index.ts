export { OutboxWriter, type OutboxEvent, type OutboxInsert } from './outbox-writer';
export { OutboxRelay, type OutboxRelaySettings } from './outbox-relay';
export { Inbox } from './inbox';
export { OUTBOX_MIGRATIONS } from './outbox-migrations';
export { laneOf, OUTBOX_LANES } from './lanes';
export { OUTBOX_CHANNEL } from './outbox-sql';
export { readOutboxBacklog, type OutboxBacklog } from './outbox-backlog';
