import { bookingSnapshot } from './booking-snapshot.fixture';
import type { BookingSnapshot } from './notification';
import { formatAmount, formatForRecipient, messageFor, recipientOf } from './message-text';

const booking = (contact: BookingSnapshot['contact']): BookingSnapshot => bookingSnapshot({ contact });

// ICU writes no-break spaces in places (narrow before AM/PM in newer versions).
const plainSpaces = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ');

describe('formatForRecipient', () => {
  it('writes the documented example exactly: en-US in New York', () => {
    const text = formatForRecipient(new Date('2026-10-21T14:00:00Z'), {
      timeZone: 'America/New_York',
      locale: 'en-US',
    });
    expect(plainSpaces(text)).toBe('Wed, Oct 21, 2026, 10:00 AM EDT');
  });

  it("uses the recipient's zone and locale, not the booking's (ACCEPTANCE 9)", () => {
    const recipient = recipientOf(
      booking({ email: 'a@example.com', timeZone: 'Europe/London', locale: 'en-GB' }),
    );
    expect(formatForRecipient(new Date('2026-10-21T14:00:00Z'), recipient)).toBe(
      'Wed, 21 Oct 2026, 15:00 BST',
    );
    expect(formatForRecipient(new Date('2026-11-04T14:00:00Z'), recipient)).toBe(
      'Wed, 4 Nov 2026, 14:00 GMT',
    );
  });

  it('writes Vietnamese for vi-VN in Ho Chi Minh City', () => {
    const text = formatForRecipient(new Date('2026-10-21T14:00:00Z'), {
      timeZone: 'Asia/Ho_Chi_Minh',
      locale: 'vi-VN',
    });
    expect(text).toBe('21:00 Thứ 4, 21 thg 10, 2026 GMT+7');
  });
});

describe('recipientOf', () => {
  it("falls back to the booking's zone and en-US", () => {
    expect(recipientOf(booking({ email: 'a@example.com' }))).toEqual({
      timeZone: 'America/New_York',
      locale: 'en-US',
    });
  });

  it('reads a locale the runtime does not know as en-US', () => {
    expect(recipientOf(booking({ locale: 'zz-ZZ' })).locale).toBe('en-US');
  });
});

describe('formatAmount', () => {
  it("converts minor units by the currency's own digits", () => {
    expect(formatAmount(2_000_000, 'VND', 'en-US')).toBe('₫2,000,000');
    expect(plainSpaces(formatAmount(12_345, 'EUR', 'de-DE'))).toBe('123,45 €');
    expect(formatAmount(12_345, 'USD', 'en-US')).toBe('$123.45');
  });
});

describe('messageFor', () => {
  it('puts the start in the subject and both ends in the text', () => {
    const message = messageFor(
      'confirmation',
      booking({ email: 'a@example.com', timeZone: 'Europe/London', locale: 'en-GB' }),
    );
    expect(message).toEqual({
      subject: 'Booking confirmed: Wed, 21 Oct 2026, 15:00 BST',
      text: 'Booking b1 is confirmed.\nFrom: Wed, 21 Oct 2026, 15:00 BST\nUntil: Wed, 21 Oct 2026, 17:00 BST',
    });
  });

  it('gives an SMS no subject', () => {
    const message = messageFor(
      'reminder_2h',
      booking({ phone: '+12025550123', timeZone: 'Europe/London', locale: 'en-GB' }),
    );
    expect(message).toEqual({
      subject: null,
      text: 'Reminder: your booking starts Wed, 21 Oct 2026, 15:00 BST (in 2 hours). Booking b1.',
    });
  });

  it("writes a refund's amount in the recipient's locale", () => {
    const message = messageFor('refund', booking({ email: 'a@example.com', locale: 'en-US' }), {
      amount: 2_000_000,
      currency: 'VND',
    });
    expect(message.subject).toBe('Refund of ₫2,000,000');
  });
});

describe("messageFor in the recipient's language, across the New York fall-back (2026-11-01)", () => {
  // 10:00 local on both sides of the change: 14:00Z is EDT, 15:00Z two days later is EST.
  const acrossTheChange = (locale: string): BookingSnapshot => ({
    ...booking({ email: 'a@example.com', locale, timeZone: 'America/New_York' }),
    bookingId: 'b-42',
    start: new Date('2026-10-31T14:00:00Z'),
    end: new Date('2026-11-02T15:00:00Z'),
  });
  const confirmation = (locale: string) => {
    const { subject, text } = messageFor('confirmation', acrossTheChange(locale));
    return { subject: plainSpaces(subject), text: plainSpaces(text) };
  };

  it('en-US', () => {
    expect(confirmation('en-US')).toEqual({
      subject: 'Booking confirmed: Sat, Oct 31, 2026, 10:00 AM EDT',
      text: 'Booking b-42 is confirmed.\nFrom: Sat, Oct 31, 2026, 10:00 AM EDT\nUntil: Mon, Nov 2, 2026, 10:00 AM EST',
    });
  });

  it('vi-VN', () => {
    expect(confirmation('vi-VN')).toEqual({
      subject: 'Đã xác nhận đặt chỗ: 10:00 Thứ 7, 31 thg 10, 2026 EDT',
      text: 'Đặt chỗ b-42 đã được xác nhận.\nTừ: 10:00 Thứ 7, 31 thg 10, 2026 EDT\nĐến: 10:00 Thứ 2, 2 thg 11, 2026 EST',
    });
  });

  it('zh-CN', () => {
    expect(confirmation('zh-CN')).toEqual({
      subject: '预订已确认：2026年10月31日周六 10:00 GMT-4',
      text: '预订 b-42 已确认。\n开始：2026年10月31日周六 10:00 GMT-4\n结束：2026年11月2日周一 10:00 GMT-5',
    });
  });

  it("counts hours by the language's plural rules", () => {
    expect(messageFor('reminder_24h', acrossTheChange('vi')).text).toContain('bắt đầu sau 24 giờ nữa.');
    expect(messageFor('reminder_2h', acrossTheChange('en-US')).text).toContain('(in 2 hours)');
  });
});
