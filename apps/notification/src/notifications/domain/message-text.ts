import { DateTime } from 'luxon';
import { FALLBACK_LANGUAGE, languageOf, renderMessage, type MessageKey } from './message-catalogues';
import type { BookingSnapshot, NotificationDetails, NotificationKind } from './notification';

const FALLBACK_LOCALE = 'en-US';

export interface Recipient {
  timeZone: string;
  locale: string;
}

/**
 * Where and how a recipient reads times: the contact's zone and locale, else the booking's zone
 * and en-US. A locale this runtime's ICU does not know is read as en-US rather than guessed at.
 */
export function recipientOf(booking: Pick<BookingSnapshot, 'contact' | 'timeZone'>): Recipient {
  const locale = booking.contact?.locale;
  const known = locale !== undefined && Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  return {
    timeZone: booking.contact?.timeZone ?? booking.timeZone,
    locale: known ? locale : FALLBACK_LOCALE,
  };
}

/**
 * An instant as the recipient reads it (docs/api.md): luxon's DATETIME_MED_WITH_WEEKDAY in their
 * locale, then the zone's short name in that locale (en-US: `Wed, Oct 21, 2026, 10:00 AM EDT`).
 */
export function formatForRecipient(instant: Date, recipient: Recipient): string {
  const local = DateTime.fromJSDate(instant, { zone: recipient.timeZone }).setLocale(recipient.locale);
  return `${local.toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY)} ${local.offsetNameShort ?? ''}`.trimEnd();
}

/** An amount in minor units as the recipient's locale writes it in that currency. */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export interface MessageText {
  /** Null for SMS, which has none. */
  subject: string | null;
  text: string;
}

/** Pure: what a notification says, in the recipient's language, every time in their zone and locale. */
export function messageFor(
  kind: NotificationKind,
  booking: BookingSnapshot,
  details: NotificationDetails = {},
): MessageText {
  const recipient = recipientOf(booking);
  const language = languageOf(booking.contact?.locale ?? FALLBACK_LANGUAGE);
  const say = (key: MessageKey, values: Record<string, string | number> = {}) =>
    renderMessage(language, key, {
      bookingId: booking.bookingId,
      start: formatForRecipient(booking.start, recipient),
      end: formatForRecipient(booking.end, recipient),
      ...values,
    });
  switch (kind) {
    case 'confirmation':
      return { subject: say('confirmation.subject'), text: say('confirmation.text') };
    case 'reminder_24h':
      return { subject: say('reminder_24h.subject'), text: say('reminder_24h.text', { hours: 24 }) };
    case 'reminder_2h':
      return { subject: null, text: say('reminder_2h.text', { hours: 2 }) };
    case 'cancellation':
      return { subject: say('cancellation.subject'), text: say('cancellation.text') };
    case 'rescheduled':
      return { subject: say('rescheduled.subject'), text: say('rescheduled.text') };
    case 'series_confirmation':
      return { subject: say('series_confirmation.subject'), text: say('series_confirmation.text') };
    case 'series_cancellation':
      return { subject: say('series_cancellation.subject'), text: say('series_cancellation.text') };
    case 'refund': {
      const amount =
        details.amount !== undefined && details.currency !== undefined
          ? formatAmount(details.amount, details.currency, recipient.locale)
          : say('refund.unknownAmount');
      return { subject: say('refund.subject', { amount }), text: say('refund.text', { amount }) };
    }
  }
}
