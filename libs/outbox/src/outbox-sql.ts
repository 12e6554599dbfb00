/** The NOTIFY channel a writer pings at commit; relays LISTEN on it. */
export const OUTBOX_CHANNEL = 'outbox_written';

/** Two-int advisory locks `(namespace, lane)` live apart from single-bigint ones used elsewhere. */
export const LANE_LOCK_NAMESPACE = 0x0b0c;
