import { ok } from '../api/client';
import { useApp } from '../app-context';
import type { Messages } from '../i18n/en-US';
import { useText } from '../i18n/language';
import { Link } from '../router';
import { formatInstant } from '../time/zones';
import { ErrorMessage } from '../ui/messages';
import { useAsync } from '../ui/use-async';

const STANDING_WORDS: Record<string, Extract<keyof Messages, `standing${string}`> | undefined> = {
  good: undefined,
  warned: 'standingWarned',
  restricted: 'standingRestricted',
  frozen: 'standingFrozen',
};

/** A customer's bookings, newest first, with their messages and the account's standing explained. */
export function MyBookings() {
  const { api, session, zone } = useApp();
  const { text, language } = useText();
  const bookings = useAsync(
    async () => ok(await api.GET('/v1/bookings', { params: { query: { limit: 50 } } })),
    [],
  );
  const standing = useAsync(
    async () =>
      session.role === 'customer'
        ? ok(
            await api.GET('/v1/customers/{customerId}/standing', {
              params: { path: { customerId: session.userId } },
            }),
          )
        : undefined,
    [session.userId],
  );
  const standingWords = standing.data ? STANDING_WORDS[standing.data.level] : undefined;
  const explanation = standingWords && text[standingWords];
  return (
    <section aria-labelledby="mine-title">
      <h1 id="mine-title">{text.myBookingsTitle}</h1>
      {explanation && (
        <p className="warning" role="note">
          {explanation}
          {standing.data?.restrictedUntil &&
            text.untilTime(formatInstant(standing.data.restrictedUntil, zone, language))}
        </p>
      )}
      <ErrorMessage text={bookings.error ?? standing.error} />
      {bookings.data && bookings.data.data.length === 0 && <p>{text.noBookings}</p>}
      <ul className="cards">
        {(bookings.data?.data ?? []).map((booking) => (
          <li key={booking.bookingId} className="card">
            <Link href={`/bookings/${booking.bookingId}`}>
              {formatInstant(booking.start, zone, language)}
            </Link>
            <p>
              {text.statusShort[booking.status]}
              {booking.seriesId && text.partOfSeries}
            </p>
            <Notifications bookingId={booking.bookingId} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The messages sent and scheduled for one booking. */
function Notifications({ bookingId }: { bookingId: string }) {
  const { api, zone } = useApp();
  const { text, language } = useText();
  const sent = useAsync(
    async () =>
      ok(await api.GET('/v1/bookings/{bookingId}/notifications', { params: { path: { bookingId } } })),
    [bookingId],
  );
  const messages = sent.data?.data ?? [];
  if (messages.length === 0) return null;
  return (
    <details>
      <summary>{text.messagesCount(messages.length)}</summary>
      <ul>
        {messages.map((message) => (
          <li key={`${message.kind}-${message.channel}`}>
            {text.messageLine(
              text.messageKinds[message.kind],
              text.channels[message.channel],
              text.messageStatuses[message.status],
            )}
            {message.scheduledFor && `, ${formatInstant(message.scheduledFor, zone, language)}`}
          </li>
        ))}
      </ul>
    </details>
  );
}
