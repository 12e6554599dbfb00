import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { paced } from './read-load';
import type { RecordedHold } from './recorded-holds';

/** A cancel as the load sent it, and what it came to in the end. */
export interface RecordedCancel {
  bookingId: string;
  sentAt: number;
  answeredAt: number;
  /** 200, or the 409 of a cancel that an earlier, unanswered attempt had already made. */
  status: number;
}

/** A move of a booking to another day, as answered; `from` is where the hold put it. */
export interface RecordedReschedule {
  bookingId: string;
  from: Period;
  to: Period;
  status: number;
  /** Sent again after no answer: a 409 may then be the answer to a move the first attempt made. */
  retried: boolean;
}

export interface Period {
  start: string;
  end: string;
}

/** A payment made at the provider (the customer pressed Pay); the platform learns of it by webhook. */
export interface RecordedPayment {
  bookingId: string;
  txnId: string;
  amount: number;
}

/** Everything one run of the load sent, and how it was answered. */
export interface LoadRecord {
  holds: RecordedHold[];
  cancels: RecordedCancel[];
  reschedules: RecordedReschedule[];
  payments: RecordedPayment[];
  /** Requests sent, retries included. */
  requests: number;
  /**
   * Attempts answered 5xx or not at all, by what came back (a status and problem code, or `no
   * answer`): each was sent again, with its Idempotency-Key, until answered.
   */
  failures: Record<string, number>;
  /** The slowest of those failures, from sending to knowing: how fast the platform fails. */
  slowestFailureMs: number;
  /** Connections a gateway refused (it was down): sent on to the next, as a load balancer does. */
  refusedConnections: number;
  /** Requests that never got a final answer within the retry budget. */
  unanswered: number;
  latenciesMs: number[];
}

export interface LoadOptions {
  /** The gateway the next request goes to, as the load balancer in front of them picks it. */
  nextGateway: () => string;
  /** `Authorization` headers of the customers the load books as, in turns. */
  customers: { userId: string; authorization: string }[];
  resourceIds: string[];
  /** Journeys (hold, then perhaps pay and cancel) started per second. */
  journeysPerSecond: number;
  /** Stops starting journeys; those under way finish. */
  signal: AbortSignal;
  /** Pays for the booking at the provider; the webhook follows. */
  pay: (booking: { bookingId: string; amount: number; currency: string }) => Promise<string>;
  payShare?: number;
  rescheduleShare?: number;
  cancelShare?: number;
}

/** What a journey needs: the load's options but its pace. */
type JourneyOptions = Omit<LoadOptions, 'journeysPerSecond' | 'signal'>;

const RETRY_FOR_MS = 30_000;
const RETRY_PAUSE_MS = 200;
/** Holds are days long, from a week ahead: a customer's cancel then refunds in full. */
const DAY_MS = 86_400_000;
const FIRST_DAY = Math.ceil(Date.now() / DAY_MS) * DAY_MS + 7 * DAY_MS;
const DAYS = 300;

/**
 * An open-loop load of booking journeys through the gateways, as front ends would send it: each
 * request that fails without an answer (a 5xx, a reset) is sent again, with its Idempotency-Key,
 * until it gets one, and every final answer is recorded for the checker.
 */
export async function runRecordingLoad(options: LoadOptions): Promise<LoadRecord> {
  const record = emptyLoadRecord();
  const client = new RetryingClient(options.nextGateway, record);
  await paced(options.journeysPerSecond, options.signal, (i) => journey(client, options, record, i));
  return record;
}

/**
 * Journeys a second the platform completes, without faults, when each of `concurrency` customers
 * starts the next journey as soon as the last ends: what this machine sustains.
 */
export async function measureCapacity(
  options: JourneyOptions,
  forMs: number,
  concurrency = 32,
): Promise<number> {
  const record = emptyLoadRecord();
  const client = new RetryingClient(options.nextGateway, record);
  const started = Date.now();
  let journeys = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() - started < forMs) await journey(client, options, record, journeys++);
    }),
  );
  return journeys / ((Date.now() - started) / 1000);
}

/** A record of nothing sent yet. */
export function emptyLoadRecord(): LoadRecord {
  return {
    holds: [],
    cancels: [],
    reschedules: [],
    payments: [],
    requests: 0,
    failures: {},
    slowestFailureMs: 0,
    refusedConnections: 0,
    unanswered: 0,
    latenciesMs: [],
  };
}

async function journey(client: RetryingClient, options: JourneyOptions, record: LoadRecord, i: number) {
  const customer = options.customers[i % options.customers.length]!;
  const resourceId = options.resourceIds[Math.floor(Math.random() * options.resourceIds.length)]!;
  const period = randomDay();
  const sentAt = Date.now();
  const hold = await client.send(customer.authorization, 'POST', '/v1/bookings', {
    resourceId,
    ...period,
    contact: { email: `${customer.userId}@example.com`, timeZone: 'Asia/Ho_Chi_Minh', locale: 'en' },
  });
  if (!hold) return;
  const booking =
    hold.status === 201
      ? (hold.body as { bookingId: string; depositAmount: number; currency: string })
      : undefined;
  record.holds.push({
    customerId: customer.userId,
    resourceId,
    sentAt,
    answeredAt: Date.now(),
    status: hold.status,
    ...(booking ? { bookingId: booking.bookingId } : {}),
  });
  if (!booking) return;
  if (Math.random() < (options.payShare ?? 0.7)) {
    const payment = {
      bookingId: booking.bookingId,
      amount: booking.depositAmount,
      currency: booking.currency,
    };
    record.payments.push({ ...payment, txnId: await options.pay(payment) });
  }
  if (Math.random() < (options.rescheduleShare ?? 0.2)) {
    const to = randomDay();
    const path = `/v1/bookings/${booking.bookingId}/reschedule`;
    const moved = await client.send(customer.authorization, 'POST', path, to);
    if (moved)
      record.reschedules.push({
        bookingId: booking.bookingId,
        from: period,
        to,
        status: moved.status,
        retried: moved.retried,
      });
  }
  if (Math.random() < (options.cancelShare ?? 0.3)) {
    const cancelSentAt = Date.now();
    const cancel = await client.send(
      customer.authorization,
      'POST',
      `/v1/bookings/${booking.bookingId}/cancel`,
      {
        reason: 'proof',
      },
    );
    if (cancel && (cancel.status === 200 || (cancel.status === 409 && cancel.retried)))
      record.cancels.push({
        bookingId: booking.bookingId,
        sentAt: cancelSentAt,
        answeredAt: Date.now(),
        status: cancel.status,
      });
  }
}

/** A whole day, a week or more ahead: any of them may be taken on a car by now. */
export function randomDay(): Period {
  const day = FIRST_DAY + Math.floor(Math.random() * DAYS) * DAY_MS;
  return { start: new Date(day).toISOString(), end: new Date(day + DAY_MS).toISOString() };
}

/** Sends through the balancer; a request without an answer goes again, to the next gateway. */
class RetryingClient {
  constructor(
    private readonly nextGateway: () => string,
    private readonly record: LoadRecord,
  ) {}

  async send(
    authorization: string,
    method: string,
    path: string,
    json: unknown,
  ): Promise<{ status: number; body: unknown; retried: boolean } | undefined> {
    const key = randomUUID();
    const deadline = Date.now() + RETRY_FOR_MS;
    let refusedInTurn = 0;
    for (let attempt = 0; Date.now() < deadline; attempt += 1) {
      const url = this.nextGateway();
      const sentAt = performance.now();
      this.record.requests += 1;
      const answer = await fetch(`${url}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(json),
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (response) => ({ status: response.status, body: await response.json().catch(() => undefined) }),
        (error: { cause?: { code?: string } }) =>
          error.cause?.code === 'ECONNREFUSED' ? 'refused' : undefined,
      );
      const tookMs = performance.now() - sentAt;
      if (answer === 'refused') {
        this.record.refusedConnections += 1;
        // The balancer has not yet noticed; a second refusal in a row waits as after a failure.
        if (++refusedInTurn > 1) await sleep(RETRY_PAUSE_MS);
        continue;
      }
      refusedInTurn = 0;
      this.record.latenciesMs.push(tookMs);
      // A 409 for a key still in progress is an answer to come: its first request is still running.
      const inProgress =
        (answer?.body as { code?: string } | undefined)?.code === 'idempotency_key_in_progress';
      if (answer && answer.status < 500 && !inProgress) return { ...answer, retried: attempt > 0 };
      if (!inProgress) {
        const code = (answer?.body as { code?: string } | undefined)?.code;
        const failure = answer ? `${answer.status}${code ? ` ${code}` : ''}` : 'no answer';
        this.record.failures[failure] = (this.record.failures[failure] ?? 0) + 1;
        this.record.slowestFailureMs = Math.max(this.record.slowestFailureMs, tookMs);
      }
      await sleep(RETRY_PAUSE_MS);
    }
    this.record.unanswered += 1;
    return undefined;
  }
}
