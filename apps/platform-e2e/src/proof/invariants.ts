import type { Pool } from 'pg';
import { activeStatus } from '@booking/app-booking';
import type { TopicNames } from '@booking/contracts';
import { SERVICES_WITH_A_DATABASE, type ServiceName } from '../platform';

/** One event as a consumer of its topic saw it, in arrival order. */
export interface ReceivedEvent {
  event: { id: string };
  key: string | null;
  partition: number;
}

/** A topic, the service whose outbox writes it, and every message read from it since its beginning. */
export interface CheckedTopic {
  service: ServiceName;
  name: string;
  received: readonly ReceivedEvent[];
}

/** The topics the checker reads, each with the service whose outbox writes it. */
export function writtenTopics(names: TopicNames): { service: ServiceName; name: string }[] {
  return [
    { service: 'booking', name: names.booking },
    { service: 'booking', name: names.series },
    { service: 'payment', name: names.payment },
    { service: 'refund', name: names.refund },
    { service: 'notification', name: names.notification },
  ];
}

/** Each written topic with what one consumer of them all received from it. */
export function topicsAsRead(
  names: TopicNames,
  received: readonly (ReceivedEvent & { topic: string })[],
): CheckedTopic[] {
  return writtenTopics(names).map((topic) => ({
    ...topic,
    received: received.filter((message) => message.topic === topic.name),
  }));
}

/** Where the checker reads what happened: each service's database, and every topic as consumed. */
export interface CheckedSources {
  database: (service: ServiceName) => Pool;
  topics: readonly CheckedTopic[];
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
    name: "every event marked published is on its topic, a key's on one partition, in order",
    async violations({ database, topics }) {
      const found = await Promise.all(
        topics.map(async (topic) => {
          const { rows } = await database(topic.service).query<{ event_id: string; message_key: string }>(
            `SELECT event_id::text, message_key FROM outbox
              WHERE topic = $1 AND published_at IS NOT NULL ORDER BY id`,
            [topic.name],
          );
          return eventsOutOfPlace(rows, topic.received).map((line) => `${topic.name}: ${line}`);
        }),
      );
      return found.flat();
    },
  },
  {
    name: 'no fact is published twice under two event ids',
    async violations({ database, topics }) {
      const found = await Promise.all(
        topics.map(async (topic) => {
          const { rows } = await database(topic.service).query<{ event_id: string; payload: FactPayload }>(
            `SELECT event_id::text, payload FROM outbox WHERE topic = $1 ORDER BY id`,
            [topic.name],
          );
          return factsPublishedTwice(rows).map((line) => `${topic.name}: ${line}`);
        }),
      );
      return found.flat();
    },
  },
];

/** What of an outbox row's CloudEvent names the fact it states. */
interface FactPayload {
  type: string;
  data: Record<string, unknown>;
}

/**
 * The fact an event states, by what identifies it in its own data: a booking's state at a version,
 * a payment's transaction, a refund, a message of a kind, a series at a version. Two event ids for
 * one fact mean it was written twice (a consumer would apply it twice).
 */
export function factOf({ type, data }: Partial<FactPayload>): string | undefined {
  // Not an event at all (a planted row): the other checks name it.
  if (typeof type !== 'string' || data === undefined) return undefined;
  const of = (...fields: string[]) => [type, ...fields.map((field) => String(data[field]))].join(' ');
  if (type === 'payment.succeeded') return of('txnId');
  if (type === 'refund.requested') return of('bookingId', 'txnId');
  if (type.startsWith('refund.')) return of('refundId');
  if (type === 'notification.sent') return of('bookingId', 'kind', 'channel');
  if (type.startsWith('booking.')) return of('bookingId', 'version');
  if (type === 'series.changed') return of('seriesId', 'version');
  return of('seriesId', 'recurrenceId');
}

/** Facts that more than one event id states. */
export function factsPublishedTwice(rows: readonly { event_id: string; payload: FactPayload }[]): string[] {
  const idsOfFact = new Map<string, Set<string>>();
  for (const { event_id: id, payload } of rows) {
    const fact = factOf(payload);
    if (fact === undefined) continue;
    idsOfFact.set(fact, (idsOfFact.get(fact) ?? new Set()).add(id));
  }
  return [...idsOfFact]
    .filter(([, ids]) => ids.size > 1)
    .map(([fact, ids]) => `"${fact}" published as ${ids.size} events`);
}

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
