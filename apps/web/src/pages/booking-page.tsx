import { useEffect, useState } from 'react';
import { ok } from '../api/client';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { formatInstant } from '../time/zones';
import { Countdown } from '../ui/countdown';
import { ErrorMessage, StatusMessage } from '../ui/messages';
import { formatMoney } from '../ui/money';
import { sentenceFor, useAsync } from '../ui/use-async';

const POLL_MS = 2_000;

/** One booking: its status live, the hold's countdown and payment, and a cancel that shows its refund first. */
export function BookingPage({ bookingId }: { bookingId: string }) {
  const { api, zone } = useApp();
  const { text, language } = useText();
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

  if (booking.loading) return <p>{text.loadingBooking}</p>;
  if (!booking.data) return <ErrorMessage text={booking.error} />;
  const current = booking.data;
  return (
    <section aria-labelledby="booking-title">
      <h1 id="booking-title">{text.yourBooking}</h1>
      <p className="booking-status" data-status={current.status}>
        <strong>{text.statusWords[current.status]}</strong>
      </p>
      <StatusMessage text={current.status === 'CONFIRMED' ? text.bookingConfirmed : undefined} />
      <dl className="facts">
        <dt>{text.from}</dt>
        <dd>{formatInstant(current.start, zone, language)}</dd>
        <dt>{text.until}</dt>
        <dd>{formatInstant(current.end, zone, language)}</dd>
        {zone !== current.timeZone && (
          <>
            <dt>{text.atThePlace(current.timeZone)}</dt>
            <dd>
              {formatInstant(current.start, current.timeZone, language)} –{' '}
              {formatInstant(current.end, current.timeZone, language)}
            </dd>
          </>
        )}
        <dt>{text.deposit}</dt>
        <dd>
          {formatMoney(current.depositAmount, current.currency, language)}
          {current.paidAmount > 0 && text.paid(formatMoney(current.paidAmount, current.currency, language))}
        </dd>
        {current.refund && (
          <>
            <dt>{text.refund}</dt>
            <dd className="refund">
              {formatMoney(current.refund.amount, current.currency, language)}:{' '}
              {text.refundStatus[current.refund.status]}
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
          <a className="button" href={current.paymentUrl}>
            {text.payDeposit}
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
  const { text, language } = useText();
  const [quote, setQuote] = useState<{ refundAmount: number; currency: string; countsAsNoShow: boolean }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const path = { params: { path: { bookingId } } };

  async function ask() {
    setError(undefined);
    try {
      setQuote(ok(await api.GET('/v1/bookings/{bookingId}/cancellation', path)));
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }

  async function cancel() {
    setBusy(true);
    try {
      ok(await api.POST('/v1/bookings/{bookingId}/cancel', { ...path, body: {} }));
      setQuote(undefined);
      onCancelled();
    } catch (failure) {
      setError(sentenceFor(failure, text));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cancel">
      {!quote ? (
        <button type="button" onClick={() => void ask()}>
          {text.cancelBooking}
        </button>
      ) : (
        <div role="group" aria-labelledby="cancel-terms">
          <p id="cancel-terms">
            {text.ifYouCancel} <strong>{formatMoney(quote.refundAmount, quote.currency, language)}</strong>.
            {quote.countsAsNoShow && text.lateCancelStrike}
          </p>
          <button type="button" disabled={busy} onClick={() => void cancel()}>
            {text.yesCancel}
          </button>{' '}
          <button type="button" onClick={() => setQuote(undefined)}>
            {text.keepBooking}
          </button>
        </div>
      )}
      <ErrorMessage text={error} />
    </div>
  );
}
