import type { Pool } from 'pg';
import { activeStatus } from '@booking/app-booking';
import { SERVICES_WITH_A_DATABASE, type ServiceName } from '../platform';

/** One event as a consumer of its topic saw it, in arrival order. */
export interface ReceivedEvent {
  event: { id: string };
  key: string | null;
  partition: number;
}

/** Where the checker reads what happened: each service's database, and one topic as consumed. */
export interface CheckedSources {
  database: (service: ServiceName) => Pool;
  /** The booking service's topic, and every message read from it since its beginning. */
  bookingTopic: { name: string; received: readonly ReceivedEvent[] };
}

/** A promise the platform makes, and how to find where it was broken. */
interface Invariant {
  name: string;
  /** One line per violation found; none when the promise held. */
  violations(sources: CheckedSources): Promise<string[]>;
}

/**
 * Written apart from the services' own code and constraints, so that a constraint dropped or a
 * rule changed there is caught here. Run once traffic has stopped and the relays have drained.
 */
export const INVARIANTS: readonly Invariant[] = [
  {
    name: 'no two active bookings of one resource overlap',
    violations: ({ database }) => overlappingBookings(database('booking')),
  },
  {
    name: 'every paid booking has the payment it was paid with',
    async violations({ database }) {
      const { rows: paid } = await database('booking').query<{ booking_id: string; paid_amount: string }>(
        `SELECT booking_id::text, paid_amount::text FROM booking WHERE paid_amount > 0`,
      );
      if (paid.length === 0) return [];
      const { rows: payments } = await database('payment').query<{ booking_id: string; total: string }>(
        `SELECT booking_id, sum(amount)::text AS total FROM payment WHERE booking_id = ANY($1) GROUP BY booking_id`,
        [paid.map((row) => row.booking_id)],
      );
      const received = new Map(payments.map((row) => [row.booking_id, BigInt(row.total)]));
      return paid
        .filter((row) => (received.get(row.booking_id) ?? 0n) < BigInt(row.paid_amount))
        .map(
          (row) =>
            `booking ${row.booking_id} paid ${row.paid_amount}, payments ${received.get(row.booking_id) ?? 0}`,
        );
    },
  },
  {
    name: 'at most one refund per payment',
    async violations({ database }) {
      const { rows } = await database('refund').query<{ booking_id: string; txn_id: string; n: number }>(
        `SELECT booking_id, txn_id, count(*)::int AS n FROM refund GROUP BY booking_id, txn_id HAVING count(*) > 1`,
      );
      return rows.map((row) => `payment ${row.txn_id} of booking ${row.booking_id}: ${row.n} refunds`);
    },
  },
  {
    name: 'at most one message per booking and kind',
    async violations({ database }) {
      const { rows } = await database('notification').query<{ booking_id: string; kind: string; n: number }>(
        `SELECT booking_id, kind, count(*)::int AS n FROM notification GROUP BY booking_id, kind HAVING count(*) > 1`,
      );
      return rows.map((row) => `booking ${row.booking_id}: ${row.n} "${row.kind}" messages`);
    },
  },
  {
    name: 'every outbox row was published',
    async violations({ database }) {
      const left = await unpublishedOutboxRows(database);
      return [...left]
        .filter(([, n]) => n > 0)
        .map(([service, n]) => `${service}: ${n} outbox rows not published`);
    },
  },
  {
    name: "every booking event marked published is on its topic, a booking's on one partition, in order",
    async violations({ database, bookingTopic }) {
      const { rows } = await database('booking').query<{ event_id: string; message_key: string }>(
        `SELECT event_id::text, message_key FROM outbox
          WHERE topic = $1 AND published_at IS NOT NULL ORDER BY id`,
        [bookingTopic.name],
      );
      return eventsOutOfPlace(rows, bookingTopic.received);
    },
  },
];

/** Pairs of active bookings of one resource whose blocked periods overlap, found without the constraint. */
export async function overlappingBookings(bookingDatabase: Pool): Promise<string[]> {
  const { rows } = await bookingDatabase.query<{ a: string; b: string; resource_id: string }>(
    `SELECT a.booking_id AS a, b.booking_id AS b, a.resource_id FROM booking a JOIN booking b
        ON a.resource_id = b.resource_id AND a.booking_id < b.booking_id AND a.blocked && b.blocked
      WHERE ${activeStatus('a')} AND ${activeStatus('b')}`,
  );
  return rows.map((row) => `resource ${row.resource_id}: ${row.a} overlaps ${row.b}`);
}

/**
 * Each marked event must have arrived; each key's events on one partition; and their first
 * arrivals in the order the outbox wrote them (redeliveries may repeat, never reorder).
 */
export function eventsOutOfPlace(
  written: readonly { event_id: string; message_key: string }[],
  received: readonly ReceivedEvent[],
): string[] {
  const firstArrival = new Map<string, number>();
  const partitionsOfKey = new Map<string, Set<number>>();
  received.forEach(({ event, key, partition }, index) => {
    if (!firstArrival.has(event.id)) firstArrival.set(event.id, index);
    const partitions = partitionsOfKey.get(key ?? '') ?? new Set<number>();
    partitionsOfKey.set(key ?? '', partitions.add(partition));
  });
  const found: string[] = [];
  const lastArrivalOfKey = new Map<string, number>();
  for (const { event_id: id, message_key: key } of written) {
    const arrival = firstArrival.get(id);
    if (arrival === undefined) {
      found.push(`event ${id} of ${key} marked published, never received`);
      continue;
    }
    if (arrival < (lastArrivalOfKey.get(key) ?? -1))
      found.push(`event ${id} of ${key} arrived before an earlier one`);
    lastArrivalOfKey.set(key, Math.max(arrival, lastArrivalOfKey.get(key) ?? -1));
  }
  for (const [key, partitions] of partitionsOfKey) {
    if (partitions.size > 1) found.push(`${key}'s events on partitions ${[...partitions].join(', ')}`);
  }
  return found;
}

/** Every invariant's violations, by name. */
export async function checkInvariants(sources: CheckedSources): Promise<Map<string, string[]>> {
  const results = await Promise.all(
    INVARIANTS.map(async (invariant) => [invariant.name, await invariant.violations(sources)] as const),
  );
  return new Map(results);
}

/** Each service's outbox rows not yet on Kafka: its relay's backlog. */
export async function unpublishedOutboxRows(
  database: (service: ServiceName) => Pool,
): Promise<Map<ServiceName, number>> {
  const counts = await Promise.all(
    SERVICES_WITH_A_DATABASE.map(async (service) => {
      const { rows } = await database(service).query<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
      );
      return [service, rows[0]!.n] as const;
    }),
  );
  return new Map(counts);
}
