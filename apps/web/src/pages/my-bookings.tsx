import { ok } from '../api/client';
import { useApp } from '../app-context';
import { Link } from '../router';
import { formatInstant } from '../time/zones';
import { ErrorMessage } from '../ui/messages';
import { useAsync } from '../ui/use-async';

const STANDING_WORDS: Record<string, string | undefined> = {
  good: undefined,
  warned: 'You missed a booking recently. Another one limits what you can book.',
  restricted: 'You missed two bookings recently: for now you can only book starts at least 24 hours ahead.',
  frozen: 'Booking is paused on your account after three missed bookings. Contact us to lift it.',
};

/** A customer's bookings, newest first, with their messages and the account's standing explained. */
export function MyBookings() {
  const { api, session, zone } = useApp();
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
  const explanation = standing.data ? STANDING_WORDS[standing.data.level] : undefined;
  return (
    <section aria-labelledby="mine-title">
      <h1 id="mine-title">My bookings</h1>
      {explanation && (
        <p className="warning" role="note">
          {explanation}
          {standing.data?.restrictedUntil && ` Until ${formatInstant(standing.data.restrictedUntil, zone)}.`}
        </p>
      )}
      <ErrorMessage text={bookings.error ?? standing.error} />
      {bookings.data && bookings.data.data.length === 0 && <p>No bookings yet.</p>}
      <ul className="cards">
        {(bookings.data?.data ?? []).map((booking) => (
          <li key={booking.bookingId} className="card">
            <Link href={`/bookings/${booking.bookingId}`}>{formatInstant(booking.start, zone)}</Link>
            <p>
              {booking.status.replace('_', ' ').toLowerCase()}
              {booking.seriesId && ' · part of a repeating booking'}
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
  const sent = useAsync(
    async () =>
      ok(await api.GET('/v1/bookings/{bookingId}/notifications', { params: { path: { bookingId } } })),
    [bookingId],
  );
  const messages = sent.data?.data ?? [];
  if (messages.length === 0) return null;
  return (
    <details>
      <summary>{messages.length} messages</summary>
      <ul>
        {messages.map((message) => (
          <li key={`${message.kind}-${message.channel}`}>
            {message.kind} by {message.channel}: {message.status}
            {message.scheduledFor && `, ${formatInstant(message.scheduledFor, zone)}`}
          </li>
        ))}
      </ul>
    </details>
  );
}
