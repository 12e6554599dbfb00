import { useEffect, useState } from 'react';
import { ok, type Booking } from '../api/client';
import { useApp } from '../app-context';
import { formatInstant } from '../time/zones';
import { Countdown } from '../ui/countdown';
import { ErrorMessage, StatusMessage } from '../ui/messages';
import { formatMoney } from '../ui/money';
import { sentenceFor, useAsync } from '../ui/use-async';

const POLL_MS = 2_000;

const STATUS_WORDS: Record<Booking['status'], string> = {
  HOLD: 'Held for you, waiting for the deposit',
  CONFIRMED: 'Confirmed',
  EXPIRED: 'Expired: the deposit was not paid in time',
  CANCELLED: 'Cancelled',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  NO_SHOW: 'Missed (no-show)',
};

/** One booking: its status live, the hold's countdown and payment, and a cancel that shows its refund first. */
export function BookingPage({ bookingId }: { bookingId: string }) {
  const { api, zone } = useApp();
  const booking = useAsync(
    async () => ok(await api.GET('/v1/bookings/{bookingId}', { params: { path: { bookingId } } })),
    [bookingId],
  );
  const status = booking.data?.status;
  // A payment or a refund finishes elsewhere (the provider, the refund service): watch for it.
  const waiting = status === 'HOLD' || booking.data?.refund?.status === 'requested';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void booking.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, booking.reload]);

  if (booking.loading) return <p>Loading the booking…</p>;
  if (!booking.data) return <ErrorMessage text={booking.error} />;
  const current = booking.data;
  return (
    <section aria-labelledby="booking-title">
      <h1 id="booking-title">Your booking</h1>
      <p className="booking-status" data-status={current.status}>
        <strong>{STATUS_WORDS[current.status]}</strong>
      </p>
      <StatusMessage text={current.status === 'CONFIRMED' ? 'Your booking is confirmed.' : undefined} />
      <dl className="facts">
        <dt>From</dt>
        <dd>{formatInstant(current.start, zone)}</dd>
        <dt>Until</dt>
        <dd>{formatInstant(current.end, zone)}</dd>
        {zone !== current.timeZone && (
          <>
            <dt>At the place ({current.timeZone})</dt>
            <dd>
              {formatInstant(current.start, current.timeZone)} –{' '}
              {formatInstant(current.end, current.timeZone)}
            </dd>
          </>
        )}
        <dt>Deposit</dt>
        <dd>
          {formatMoney(current.depositAmount, current.currency)}
          {current.paidAmount > 0 && `, paid ${formatMoney(current.paidAmount, current.currency)}`}
        </dd>
        {current.refund && (
          <>
            <dt>Refund</dt>
            <dd className="refund">
              {formatMoney(current.refund.amount, current.currency)}: {current.refund.status}
            </dd>
          </>
        )}
      </dl>
      {(current.warnings ?? []).map((warning) => (
        <p key={warning.code} className="warning">
          {warning.detail}
        </p>
      ))}
      {current.status === 'HOLD' && current.holdExpiresAt && current.paymentUrl && (
        <div className="pay">
          <Countdown until={current.holdExpiresAt} />
          <a className="button" href={current.paymentUrl} target="_blank" rel="noopener noreferrer">
            Pay the deposit (opens the payment page)
          </a>
        </div>
      )}
      {(current.status === 'HOLD' || current.status === 'CONFIRMED') && (
        <CancelBooking bookingId={bookingId} onCancelled={() => void booking.reload()} />
      )}
      <ErrorMessage text={booking.error} />
    </section>
  );
}

/** Asks the server what a cancel would refund now, shows it, and cancels only when confirmed. */
function CancelBooking({ bookingId, onCancelled }: { bookingId: string; onCancelled: () => void }) {
  const { api } = useApp();
  const [quote, setQuote] = useState<{ refundAmount: number; currency: string; countsAsNoShow: boolean }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const path = { params: { path: { bookingId } } };

  async function ask() {
    setError(undefined);
    try {
      setQuote(ok(await api.GET('/v1/bookings/{bookingId}/cancellation', path)));
    } catch (failure) {
      setError(sentenceFor(failure));
    }
  }

  async function cancel() {
    setBusy(true);
    try {
      ok(await api.POST('/v1/bookings/{bookingId}/cancel', { ...path, body: {} }));
      setQuote(undefined);
      onCancelled();
    } catch (failure) {
      setError(sentenceFor(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cancel">
      {!quote ? (
        <button type="button" onClick={() => void ask()}>
          Cancel this booking…
        </button>
      ) : (
        <div role="group" aria-labelledby="cancel-terms">
          <p id="cancel-terms">
            If you cancel now, you get back <strong>{formatMoney(quote.refundAmount, quote.currency)}</strong>
            .{quote.countsAsNoShow && ' This late cancel counts as a missed booking on your account.'}
          </p>
          <button type="button" disabled={busy} onClick={() => void cancel()}>
            Yes, cancel
          </button>{' '}
          <button type="button" onClick={() => setQuote(undefined)}>
            Keep the booking
          </button>
        </div>
      )}
      <ErrorMessage text={error} />
    </div>
  );
}
