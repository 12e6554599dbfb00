import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { expectEventually } from '@booking/testing';
import { CAR, Client, paidBooking, readJson } from '../fixtures';
import { screenshot, seriousAccessibilityViolations } from './browser';
import { signIn, webPlatformForSuite } from './web-platform';

const UI_TIMEOUT_MS = 20_000;

/** A Berlin practice on a 30-minute grid, free of deposit, so it can also be booked repeating. */
const BERLIN_PRACTICE = {
  kind: 'clinician',
  city: 'BER',
  ownerId: 'host-12',
  timeZone: 'Europe/Berlin',
  depositAmount: 0,
  currency: 'EUR',
  slotMinutes: 30,
};

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
    // Scanned once the stand-in's page is there: a scan during the redirect loses its page.
    const linh = page.getByRole('button', { name: /Linh/ });
    await linh.waitFor();
    await scan(page, 'identity-stand-in');
    await linh.click();
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

    // Like a real provider's checkout, the sandbox sends the customer back to the booking's page.
    await page.getByRole('link', { name: 'Pay the deposit' }).click();
    await page.getByRole('heading', { name: 'Sandbox checkout' }).waitFor();
    await screenshot(page, 'sandbox-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(`${web.url}/bookings/${bookingId}`);
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

  it('speaks Vietnamese to a Vietnamese browser, problems included, and English once chosen', async () => {
    const context = await suite.visitor('Asia/Ho_Chi_Minh', undefined, 'vi-VN');
    const page = await context.newPage();
    await page.goto(suite.web.url);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.getByRole('button', { name: /Linh/ }).click();
    await page.getByRole('heading', { name: 'Thuê xe' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi-VN');
    await page.getByLabel('Nhận xe').fill('2027-05-10T09:00');
    await page.getByLabel('Trả xe').fill('2027-05-09T09:00');
    await page.getByRole('button', { name: 'Tìm' }).click();
    await page.getByRole('alert').getByText('Giờ kết thúc phải sau giờ bắt đầu.').waitFor();
    await scan(page, 'search-vietnamese');

    await page.getByLabel('Ngôn ngữ').selectOption({ label: 'English' });
    await page.getByRole('heading', { name: 'Rent a car' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('alert').getByText('The end must be after the start.').waitFor();
    // The choice outlasts a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Rent a car' }).waitFor();
    await context.close();
  });

  it('books an appointment on Berlin’s DST day from New York, at the instant the slot showed', async () => {
    const { admin, web } = suite;
    await admin.createResource({
      name: 'Dr. Weber, general practice',
      ...BERLIN_PRACTICE,
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

  it('repeats a weekly appointment across Berlin’s DST change, then cancels one and moves another', async () => {
    const { admin, web } = suite;
    const provider = await admin.createResource({
      name: 'Dr. Vogel, physiotherapy',
      ...BERLIN_PRACTICE,
      businessHours: { weekly: { 3: [['08:00', '12:00']] }, overrides: {} },
      attributes: {},
    });
    const context = await suite.visitor('America/New_York');
    const page = await context.newPage();
    await signIn(page, web.url, /Sam/);
    await page.getByRole('link', { name: 'Appointments' }).click();
    await page.getByLabel('With').selectOption({ label: provider['name'] as string });
    await page.getByLabel('Go to the week of').fill('2027-03-17');
    // 10:00 in Berlin is 05:00 in New York until Berlin's clocks change on 28 March.
    await page
      .getByRole('region', { name: /Wednesday, March 17, 2027/ })
      .getByRole('button', { name: /05:00/ })
      .click();
    await page.getByRole('combobox', { name: /^Repeat/ }).selectOption({ label: 'every week on that day' });
    await page.getByLabel('How many times').fill('4');
    await page.getByRole('button', { name: 'Book 4 times' }).click();
    await page.getByRole('heading', { name: /^4 bookings/ }).waitFor();
    await scan(page, 'series-booked');

    const occurrences = page.locator('[aria-labelledby="series-title"] ol > li');
    await occurrences.nth(1).getByRole('button', { name: 'Cancel this one' }).click();
    await page.locator('ol > li[data-status="CANCELLED"]').waitFor();
    await occurrences.nth(2).getByRole('button', { name: 'Move this one…' }).click();
    await occurrences.nth(2).getByLabel('New start (America/New_York)').fill('2027-03-31T05:00');
    await occurrences.nth(2).getByRole('button', { name: 'Move', exact: true }).click();
    await expectEventually(async () => {
      const { data } = (await readJson(
        await admin.send('GET', `/v1/bookings?resourceId=${provider['resourceId'] as string}&limit=10`),
      )) as unknown as { data: { start: string; status: string }[] };
      // Every week at 10:00 in Berlin: 09:00Z in winter, 08:00Z in summer; the moved one at 11:00.
      expect(data.map(({ start, status }) => [start, status]).sort()).toEqual([
        ['2027-03-17T09:00:00Z', 'CONFIRMED'],
        ['2027-03-24T09:00:00Z', 'CANCELLED'],
        ['2027-03-31T09:00:00Z', 'CONFIRMED'],
        ['2027-04-07T08:00:00Z', 'CONFIRMED'],
      ]);
    });
    await scan(page, 'series-changed');
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

  it('lets a host check a customer in, change their car’s hours and connect Google Calendar, on a phone', async () => {
    const { admin, platform, web } = suite;
    const car = await admin.createResource({ ...CAR, name: 'Toyota Vios 30G-111.22', ownerId: 'host-7' });
    const othersCar = await admin.createResource({
      ...CAR,
      name: 'Kia Morning 29A-222.33',
      ownerId: 'host-8',
    });
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 0.25);
    const context = await suite.visitor('Europe/London', { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, web.url, /Minh/);
    await page.getByRole('heading', { name: 'My resources' }).waitFor();
    const picker = page.getByLabel('Resource', { exact: true });
    // The list comes after the heading: wait for it, not for the first render.
    await picker.locator('option', { hasText: car['name'] as string }).waitFor({ state: 'attached' });
    const listed = await picker.locator('option').allTextContents();
    expect(listed).toContain(car['name']);
    expect(listed).not.toContain(othersCar['name']);
    await picker.selectOption({ label: car['name'] as string });
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

    const closedDay = start.plus({ weeks: 2 }).toISODate()!;
    await page.getByLabel('Bookable around the clock').uncheck();
    await page.getByRole('textbox', { name: 'Monday', exact: true }).fill('08:00-12:00, 13:00-17:30');
    await page.getByLabel('Dated changes (one per line)').fill(`${closedDay}: closed`);
    await page.getByLabel('Minutes kept free after each booking').fill('45');
    await page.getByRole('button', { name: 'Save the hours' }).click();
    await page.getByText('Saved.').waitFor();
    await scan(page, 'host-hours-saved');
    expect(
      await readJson(await admin.send('GET', `/v1/resources/${car['resourceId'] as string}`)),
    ).toMatchObject({
      businessHours: {
        weekly: {
          1: [
            ['08:00', '12:00'],
            ['13:00', '17:30'],
          ],
          2: [],
        },
        overrides: { [closedDay]: [] },
      },
      bufferAfterMinutes: 45,
    });

    // Google's consent (the stand-in's), then back in the app, which hands the answer to the API.
    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await page.getByLabel('Account').fill('minh.host@example.com');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText(/^Connected: bookings are now written to Google Calendar/).waitFor();
    await scan(page, 'calendar-connected');
    await page.getByRole('link', { name: 'Back to my resources' }).click();
    await page.getByText(/Bookings are written to Google Calendar \(primary\): connected\./).waitFor();
    expect(await page.getByLabel('Resource', { exact: true }).inputValue()).toBe(car['resourceId']);
    const connection = await readJson(
      await admin.send('GET', `/v1/resources/${car['resourceId'] as string}/calendar-connection`),
    );
    expect(connection).toMatchObject({ status: 'connected', calendarId: 'primary' });
    await context.close();
  });
});
