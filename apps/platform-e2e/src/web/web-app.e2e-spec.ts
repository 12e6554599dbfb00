import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { expectEventually } from '@booking/testing';
import { CAR, Client, paidBooking, readJson } from '../fixtures';
import { screenshot, seriousAccessibilityViolations } from './browser';
import { signIn, webPlatformForSuite } from './web-platform';

const UI_TIMEOUT_MS = 20_000;

/** A screenshot of the page, and axe-core's serious and critical findings on it, which must be none. */
async function scan(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect({ page: name, findings: await seriousAccessibilityViolations(page) }).toEqual({
    page: name,
    findings: [],
  });
}

describe('the web app in Chromium, signed in through the identity stand-in', () => {
  jest.setTimeout(120_000);
  const suite = webPlatformForSuite();

  it('rents a car: search, hold, pay on the sandbox checkout, see it confirmed, cancel with the refund shown', async () => {
    const { admin, web } = suite;
    const car = await admin.createResource({
      ...CAR,
      name: 'VinFast VF8 51A-999.01',
      ownerId: 'host-7',
      attributes: { model: 'VF8', dailyPrice: 1_500_000 },
    });
    const context = await suite.visitor('Asia/Ho_Chi_Minh');
    const page = await context.newPage();
    await page.goto(web.url);
    await scan(page, 'signed-out');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await scan(page, 'identity-stand-in');
    await page.getByRole('button', { name: /Linh/ }).click();
    await page.getByRole('heading', { name: 'Rent a car' }).waitFor();

    // Four days ahead, for three days: far enough for the full refund tier (72 h).
    const pickUp = DateTime.now()
      .setZone('Asia/Ho_Chi_Minh')
      .plus({ days: 4 })
      .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    await page.getByLabel('Pick-up').fill(pickUp.toFormat("yyyy-LL-dd'T'HH:mm"));
    await page.getByLabel('Return').fill(pickUp.plus({ days: 3 }).toFormat("yyyy-LL-dd'T'HH:mm"));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: '1 cars free' }).waitFor();
    expect(await page.locator('.card').first().textContent()).toContain('₫4,500,000 for 3 days');
    await scan(page, 'search-results');

    await page.getByRole('button', { name: `Hold ${car['name'] as string}` }).click();
    await page.locator('[data-status="HOLD"]').waitFor();
    await page.getByText(/^1[45]:\d\d left to pay before the hold is released\.$/).waitFor();
    await scan(page, 'booking-held');
    const bookingId = page.url().split('/').pop()!;
    const held = await readJson(await admin.send('GET', `/v1/bookings/${bookingId}`));
    expect(held).toMatchObject({
      status: 'HOLD',
      customerId: 'customer-1',
      start: pickUp.toUTC().toISO({ suppressMilliseconds: true }),
    });

    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Pay the deposit/ }).click(),
    ]);
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await checkout.getByText('Paid.').waitFor();
    await screenshot(checkout, 'sandbox-checkout-paid');
    await page.locator('[data-status="CONFIRMED"]').waitFor({ timeout: UI_TIMEOUT_MS });
    await scan(page, 'booking-confirmed');

    await page.getByRole('button', { name: 'Cancel this booking…' }).click();
    expect(await page.locator('#cancel-terms').textContent()).toContain('you get back ₫2,000,000');
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.locator('[data-status="CANCELLED"]').waitFor();
    await page.locator('.refund', { hasText: 'succeeded' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await scan(page, 'booking-cancelled');
    expect(await readJson(await admin.send('GET', `/v1/bookings/${bookingId}`))).toMatchObject({
      status: 'CANCELLED',
      paidAmount: 2_000_000,
      refund: { amount: 2_000_000, status: 'succeeded' },
    });

    await page.getByRole('link', { name: 'My bookings' }).click();
    await page.getByRole('heading', { name: 'My bookings' }).waitFor();
    await page.locator('.card').first().waitFor();
    await scan(page, 'my-bookings');

    // Signing out ends the provider's session too: the next sign-in asks who it is again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: /sign me out/i }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Linh/ }).waitFor();
    await context.close();
  });

  it('books an appointment on Berlin’s DST day from New York, at the instant the slot showed', async () => {
    const { admin, web } = suite;
    await admin.createResource({
      name: 'Dr. Weber, general practice',
      kind: 'clinician',
      city: 'BER',
      ownerId: 'host-12',
      timeZone: 'Europe/Berlin',
      depositAmount: 0,
      currency: 'EUR',
      slotMinutes: 30,
      businessHours: { weekly: { 0: [['08:00', '10:00']], 6: [['08:00', '10:00']] }, overrides: {} },
      attributes: {},
    });
    const context = await suite.visitor('America/New_York');
    const page = await context.newPage();
    await signIn(page, web.url, /Sam/);
    await page.getByRole('link', { name: 'Appointments' }).click();
    await page.getByLabel('Go to the week of').fill('2027-03-24');
    // Berlin moves to summer time on Sunday 28 March; New York already has (14 March).
    const saturday = page.getByRole('region', { name: /Saturday, March 27, 2027/ });
    const sunday = page.getByRole('region', { name: /Sunday, March 28, 2027/ });
    await sunday.getByRole('button').first().waitFor();
    expect(await saturday.getByRole('button').first().textContent()).toBe('03:00');
    expect(await sunday.getByRole('button').first().textContent()).toBe('02:00');
    await scan(page, 'appointments-dst-week');

    await sunday.getByRole('button', { name: /02:00/ }).click();
    expect(await page.getByRole('group', { name: 'The chosen time' }).textContent()).toContain(
      '08:00 in Europe/Berlin',
    );
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.locator('[data-status="CONFIRMED"]').waitFor();
    const bookingId = page.url().split('/').pop()!;
    expect(await readJson(await admin.send('GET', `/v1/bookings/${bookingId}`))).toMatchObject({
      start: '2027-03-28T06:00:00Z',
      startLocal: '2027-03-28T08:00:00+02:00',
      customerId: 'customer-2',
    });
    await context.close();
  });

  it('offers a wall time the clocks pass twice as its two instants, and explains one they skip', async () => {
    const { admin, web } = suite;
    const room = await admin.createResource({
      name: 'Meeting room Hudson',
      kind: 'room',
      city: 'NYC',
      ownerId: 'host-9',
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
      slotMinutes: 30,
      attributes: {},
    });
    const context = await suite.visitor('America/New_York');
    const page = await context.newPage();
    await signIn(page, web.url, /Linh/);
    await page.getByRole('link', { name: 'Appointments' }).click();
    await page.getByLabel('With').selectOption({ label: room['name'] as string });

    await page.getByLabel(/^Start \(America\/New_York/).fill('2027-03-14T02:30');
    await page.getByRole('button', { name: 'Book at this time' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('does not exist on that day');

    await page.getByLabel(/^Start \(America\/New_York/).fill('2027-11-07T01:30');
    await page.getByRole('button', { name: 'Book at this time' }).click();
    const choice = page.getByRole('group', { name: /happens twice/ });
    await choice.waitFor();
    await scan(page, 'ambiguous-time-choice');
    await choice.getByRole('button', { name: /^The second/ }).click();
    await page.locator('[data-status="CONFIRMED"]').waitFor();
    const bookingId = page.url().split('/').pop()!;
    expect(await readJson(await admin.send('GET', `/v1/bookings/${bookingId}`))).toMatchObject({
      start: '2027-11-07T06:30:00Z',
      startLocal: '2027-11-07T01:30:00-05:00',
    });
    await context.close();
  });

  it('lets a host check a customer in from the week of their car, on a phone-sized screen', async () => {
    const { admin, platform, web } = suite;
    const car = await admin.createResource({ ...CAR, name: 'Toyota Vios 30G-111.22', ownerId: 'host-7' });
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 0.25);
    const context = await suite.visitor('Europe/London', { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, web.url, /Minh/);
    await page.getByRole('heading', { name: 'My resources' }).waitFor();
    await page.getByLabel('Resource', { exact: true }).selectOption({ label: car['name'] as string });
    const start = DateTime.fromISO(booking['start'] as string, { zone: 'Asia/Ho_Chi_Minh' });
    await page.getByLabel('Go to the week of').fill(start.toISODate()!);
    const card = page.locator(`[data-booking="${booking['bookingId'] as string}"]`).first();
    await card.getByRole('button', { name: 'Check in' }).click();
    await card.getByText('in progress').waitFor();
    await scan(page, 'host-week-phone');
    await expectEventually(async () =>
      expect(
        await readJson(await admin.send('GET', `/v1/bookings/${booking['bookingId'] as string}`)),
      ).toMatchObject({
        status: 'IN_PROGRESS',
      }),
    );
    await context.close();
  });
});
