import { expectEventually, sampleSum, uniqueName } from '@booking/testing';
import {
  Client,
  hoursFromNow,
  platformForSuite,
  postWebhook,
  publishPayment,
  signedWebhook,
} from './fixtures';

describe('GET /metrics on the gateway and every service', () => {
  const suite = platformForSuite('2026-11-02T09:00:00Z');
  const urls = () => ({ 'api-gateway': suite.platform.gatewayUrl, ...suite.platform.serviceUrls });
  type App = keyof ReturnType<typeof urls>;

  async function scrape(app: App): Promise<string> {
    const response = await fetch(`${urls()[app]}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  }

  it('answers with the process metrics of each app under its own service label', async () => {
    for (const app of Object.keys(urls()) as App[]) {
      const text = await scrape(app);
      expect(sampleSum(text, 'process_cpu_user_seconds_total', { service: app })).toBeGreaterThan(0);
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });

  it('moves with the traffic: holds by outcome, 409s by route, confirmations, messages, backlog', async () => {
    const { platform, admin } = suite;
    const before = { gateway: await scrape('api-gateway'), booking: await scrape('booking') };
    const beforeNotification = await scrape('notification');
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const window = {
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 48),
      end: hoursFromNow(platform, 52),
    };
    const hold = await customer.holdOk({
      ...window,
      contact: { email: `${uniqueName('guest')}@example.com` },
    });
    expect((await customer.hold(window)).status).toBe(409);
    await publishPayment(platform, {
      bookingId: hold['bookingId'] as string,
      amount: hold['depositAmount'] as number,
      currency: hold['currency'] as string,
    });

    const moved = (now: string, then: string, name: string, labels: Record<string, string>) =>
      sampleSum(now, name, labels) - sampleSum(then, name, labels);
    await expectEventually(async () => {
      const booking = await scrape('booking');
      expect(moved(booking, before.booking, 'holds_total', { kind: 'hold', outcome: 'created' })).toBe(1);
      expect(
        moved(booking, before.booking, 'holds_total', { kind: 'hold', outcome: 'slot_unavailable' }),
      ).toBe(1);
      expect(moved(booking, before.booking, 'events_published_total', { type: 'booking.confirmed' })).toBe(1);
      expect(sampleSum(booking, 'outbox_backlog')).toBe(0);
      expect(booking).toContain('outbox_oldest_age_seconds{service="booking"} 0');
    });
    const gateway = await scrape('api-gateway');
    const route = { method: 'POST', route: '/v1/bookings' };
    expect(
      moved(gateway, before.gateway, 'http_request_duration_seconds_count', { ...route, status: '201' }),
    ).toBe(1);
    expect(
      moved(gateway, before.gateway, 'http_request_duration_seconds_count', { ...route, status: '409' }),
    ).toBe(1);
    await expectEventually(async () => {
      const notification = await scrape('notification');
      expect(
        moved(notification, beforeNotification, 'notifications_total', { channel: 'email', outcome: 'sent' }),
      ).toBeGreaterThanOrEqual(1);
      // The consumer has caught up with what it was sent.
      expect(notification).toMatch(/kafka_consumer_lag\{[^}]*topic="[^"]*booking\.v1"[^}]*\} 0/);
    });
  });

  it('counts webhook deliveries by outcome', async () => {
    const { platform } = suite;
    const before = await scrape('payment');
    const forged = signedWebhook(
      platform,
      { type: 'payment.succeeded' },
      { secrets: [`whsec_${Buffer.from('not-ours-at-all').toString('base64')}`] },
    );
    expect((await postWebhook(platform, forged)).status).toBe(401);
    const after = await scrape('payment');
    const refused = (text: string) => sampleSum(text, 'webhook_deliveries_total', { outcome: 'refused' });
    expect(refused(after) - refused(before)).toBe(1);
  });
});
