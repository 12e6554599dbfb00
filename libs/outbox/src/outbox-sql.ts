/** The NOTIFY channel a writer pings at commit; relays LISTEN on it. */
export const OUTBOX_CHANNEL = 'outbox_written';

/** Two-int advisory locks `(namespace, lane)` live apart from single-bigint ones used elsewhere. */
export const LANE_LOCK_NAMESPACE = 0x0b0c;

/** Rows not yet published, and how long the oldest has waited (database time, as `created_at`). */
export const OUTBOX_BACKLOG_SQL = `
  SELECT count(*)::int AS waiting,
         COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - min(created_at)), 0)::float8 AS oldest_seconds
    FROM outbox WHERE published_at IS NULL`;
