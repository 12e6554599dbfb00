import { randomUUID } from 'node:crypto';
import { KafkaPublisher } from '@booking/kafka';
import { toCloudEvent } from '@booking/contracts';
import { bearer, expectEventually, TopicCollector, uniqueName } from '@booking/testing';
import { signWebhook } from '@booking/payment-provider';
import { startPlatform, TEST_WEBHOOK_SECRET, type RunningPlatform } from './platform';

export const CAR = {
  name: 'VinFast VF8',
  kind: 'car',
  city: 'HN',
  ownerId: 'host-7',
  timeZone: 'Asia/Ho_Chi_Minh',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  holdMinutes: 15,
  depositAmount: 2_000_000,
  currency: 'VND',
  attributes: { model: 'VF8' },
};

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function readJson(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

/** A client of the public API with one identity. */
export class Client {
  private constructor(
    private readonly platform: RunningPlatform,
    readonly userId: string,
    /** The `Authorization` header this client sends. */
    readonly authorization: string,
  ) {}

  static async as(
    platform: RunningPlatform,
    role: 'customer' | 'host' | 'admin',
    userId = `${role}-${randomUUID()}`,
  ) {
    return new Client(platform, userId, await bearer(userId, role));
  }

  /** A client holding an access token from an identity provider. */
  static withToken(platform: RunningPlatform, userId: string, accessToken: string) {
    return new Client(platform, userId, `Bearer ${accessToken}`);
  }

  send(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.platform.request(path, {
      method,
      json,
      headers: { authorization: this.authorization, ...headers },
    });
  }

  async createResource(overrides: Json = {}): Promise<Json> {
    const response = await this.send('POST', '/v1/resources', { ...CAR, ...overrides });
    if (response.status !== 201)
      throw new Error(`resource not created: ${response.status} ${await response.text()}`);
    return readJson(response);
  }

  hold(body: Json, headers: Record<string, string> = {}): Promise<Response> {
    return this.send('POST', '/v1/bookings', body, headers);
  }

  async holdOk(body: Json): Promise<Json> {
    const response = await this.hold(body);
    if (response.status !== 201) throw new Error(`hold refused: ${response.status} ${await response.text()}`);
    return readJson(response);
  }
}

/** A charge the sandbox provider holds (so it can be refunded) at the platform's time, unreported. */
export function chargeWithoutWebhooks(
  platform: RunningPlatform,
  payment: { bookingId: string; amount: number; currency: string },
): string {
  const { ledger } = platform.sandbox;
  return ledger.pay(ledger.openSession(payment), platform.clock.now()).payment.txnId;
}

/**
 * Reports a payment the way the payment service does, `payment.succeeded` on payment.v1, for a
 * charge the sandbox provider really holds (so that refunding it works), without its webhooks.
 */
export async function publishPayment(
  platform: RunningPlatform,
  payment: { bookingId: string; amount: number; currency: string },
  eventId: string = randomUUID(),
): Promise<{ eventId: string; txnId: string }> {
  const txnId = chargeWithoutWebhooks(platform, payment);
  await publishEvent(platform, 'payment', eventId, 'payment.succeeded', { ...payment, txnId });
  return { eventId, txnId };
}

/** A hold of `startInHours` from the platform's now, for a day, paid in full and seen CONFIRMED. */
export async function paidBooking(
  platform: RunningPlatform,
  client: Client,
  resourceId: string,
  startInHours: number,
): Promise<Json> {
  const booking = await client.holdOk({
    resourceId,
    start: hoursFromNow(platform, startInHours),
    end: hoursFromNow(platform, startInHours + 24),
  });
  await publishPayment(platform, {
    bookingId: booking['bookingId'] as string,
    amount: booking['depositAmount'] as number,
    currency: booking['currency'] as string,
  });
  return expectEventually(async () => {
    const current = await readJson(
      await client.send('GET', `/v1/bookings/${booking['bookingId'] as string}`),
    );
    expect(current).toMatchObject({ status: 'CONFIRMED', paidAmount: booking['depositAmount'] });
    return current;
  });
}

/** Publishes one CloudEvent about a booking, as the service owning `topic` would (or as `source`). */
export async function publishEvent(
  platform: RunningPlatform,
  topic: 'booking' | 'payment' | 'refund',
  eventId: string,
  type: string,
  data: { bookingId: string } & Json,
  source = `${topic}-service`,
): Promise<void> {
  const publisher = new KafkaPublisher(platform.kafka);
  const event = toCloudEvent(
    { type, subject: data.bookingId, data },
    { id: eventId, source, time: platform.clock.now() },
  );
  await publisher.publish([
    { topic: platform.topics[topic], key: data.bookingId, value: JSON.stringify(event) },
  ]);
  await publisher.disconnect();
}

/** A webhook delivery signed as the provider signs it; `secrets` default to the platform's. */
export function signedWebhook(
  platform: RunningPlatform,
  body: Json | string,
  options: { id?: string; at?: Date; secrets?: string[] } = {},
): { headers: Record<string, string>; body: string } {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = Math.floor((options.at ?? platform.clock.now()).getTime() / 1000);
  return {
    body: text,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(options.secrets ?? [TEST_WEBHOOK_SECRET], {
        id,
        timestamp,
        body: text,
      }),
    },
  };
}

export function postWebhook(
  platform: RunningPlatform,
  delivery: { headers: Record<string, string>; body: string },
): Promise<Response> {
  return platform.request('/v1/payments/webhook', {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
}

/** An instant `hours` after the platform's clock, as RFC 3339 UTC. */
export function hoursFromNow(platform: RunningPlatform, hours: number): string {
  return new Date(platform.clock.now().getTime() + hours * 3_600_000).toISOString();
}

/**
 * A platform for one spec file, an admin client, and a collector of `booking.v1` from the start;
 * registers its own beforeAll/afterAll. Read the fields inside tests, after beforeAll ran.
 */
export function platformForSuite(now: string): {
  platform: RunningPlatform;
  admin: Client;
  events: TopicCollector;
} {
  const suite = {} as { platform: RunningPlatform; admin: Client; events: TopicCollector };
  beforeAll(async () => {
    suite.platform = await startPlatform({ now });
    suite.admin = await Client.as(suite.platform, 'admin');
    suite.events = await new TopicCollector(suite.platform.kafka, uniqueName('events')).start([
      suite.platform.topics.booking,
    ]);
  });
  afterAll(async () => {
    await suite.events.stop();
    await suite.platform.stop();
  });
  return suite;
}
