import { randomUUID } from 'node:crypto';
import { KafkaPublisher } from '@booking/kafka';
import { toCloudEvent } from '@booking/contracts';
import { bearer, TopicCollector, uniqueName } from '@booking/testing';
import { startPlatform, type RunningPlatform } from './platform';

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
    private readonly authorization: string,
  ) {}

  static async as(
    platform: RunningPlatform,
    role: 'customer' | 'host' | 'admin',
    userId = `${role}-${randomUUID()}`,
  ) {
    return new Client(platform, userId, await bearer(userId, role));
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

/** Pays a hold the way the payment service reports it: `payment.succeeded` on payment.v1. */
export async function publishPayment(
  platform: RunningPlatform,
  payment: { bookingId: string; amount: number; currency: string; txnId?: string },
): Promise<string> {
  const publisher = new KafkaPublisher(platform.kafka);
  const event = toCloudEvent(
    {
      type: 'payment.succeeded',
      subject: payment.bookingId,
      data: { txnId: payment.txnId ?? `pi_${randomUUID()}`, ...payment },
    },
    { id: randomUUID(), source: 'payment-service', time: platform.clock.now() },
  );
  await publisher.publish([
    { topic: platform.topics.payment, key: payment.bookingId, value: JSON.stringify(event) },
  ]);
  await publisher.disconnect();
  return event.id;
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
