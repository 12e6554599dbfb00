import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { CLOUDEVENTS_CONTENT_TYPE } from '@booking/contracts';
import { expectEventually, TopicCollector, uniqueName } from '@booking/testing';
import { Client, hoursFromNow, platformForSuite, publishPayment, readJson } from './fixtures';

/**
 * What another team sees on the topics, checked with nothing but the AsyncAPI document the
 * gateway serves: every message's header, key and envelope, and its data against the schema.
 */
describe('the events on the topics, against the served AsyncAPI document', () => {
  const suite = platformForSuite('2026-11-05T08:00:00Z');
  let events: TopicCollector;
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    const { platform } = suite;
    const document = await readJson(await platform.request('/v1/asyncapi.json'));
    const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
    const messages: { name: string; payload: object }[] = Object.values(document['components'].messages);
    for (const message of messages) validators.set(message.name, ajv.compile(message.payload));
    const topics = platform.topics;
    events = await new TopicCollector(platform.kafka, uniqueName('contract')).start([
      topics.booking,
      topics.payment,
      topics.refund,
      topics.notification,
    ]);
  });
  afterAll(() => events.stop());

  it('sends structured CloudEvents with the content-type header, keyed by bookingId, matching their schemas', async () => {
    const { platform, admin } = suite;
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const hold = await customer.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 72),
      end: hoursFromNow(platform, 96),
      contact: { email: `${uniqueName('guest')}@example.com` },
    });
    const bookingId = hold['bookingId'] as string;
    await publishPayment(platform, { bookingId, amount: hold['depositAmount'], currency: hold['currency'] });
    await expectEventually(async () => {
      const status = (await readJson(await customer.send('GET', `/v1/bookings/${bookingId}`)))['status'];
      expect(status).toBe('CONFIRMED');
    });
    expect(
      (await customer.send('POST', `/v1/bookings/${bookingId}/cancel`, { reason: 'plans changed' })).status,
    ).toBe(200);

    const expected = [
      'booking.held',
      'payment.succeeded',
      'booking.confirmed',
      'booking.cancelled',
      'refund.succeeded',
      'notification.sent',
    ];
    const ofBooking = () => events.received.filter(({ event }) => event.subject === bookingId);
    await expectEventually(
      () => expect(new Set(ofBooking().map(({ event }) => event.type))).toEqual(new Set(expected)),
      { timeoutMs: 30_000 },
    );
    for (const { event, key, headers } of ofBooking()) {
      expect(headers['content-type']).toBe(CLOUDEVENTS_CONTENT_TYPE);
      expect(key).toBe(bookingId);
      expect((event.data as { bookingId: string }).bookingId).toBe(bookingId);
      const validate = validators.get(event.type)!;
      expect({ type: event.type, errors: validate(event) ? [] : validate.errors }).toEqual({
        type: event.type,
        errors: [],
      });
    }
  });
});
