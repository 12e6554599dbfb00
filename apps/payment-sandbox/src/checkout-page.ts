import type { CheckoutSession } from './sandbox-ledger';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The hosted checkout page: what the customer sees behind `paymentUrl`. */
export function checkoutPage(session: CheckoutSession): string {
  const amount = `${session.amount.toLocaleString('en-US')} ${escapeHtml(session.currency)}`;
  const action = `/checkout/${encodeURIComponent(session.id)}/pay`;
  const back = session.returnUrl
    ? `<p><a href="${escapeHtml(session.returnUrl)}">${session.txnId ? 'Back to the booking' : 'Back without paying'}</a></p>`
    : '';
  const body = session.txnId
    ? `<p>Paid. Payment <code>${escapeHtml(session.txnId)}</code>.</p>`
    : `<form method="post" action="${action}"><button type="submit">Pay ${amount}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title></head>
<body>
<h1>Sandbox checkout</h1>
<p>Booking <code>${escapeHtml(session.bookingId)}</code>: ${amount} (minor units).</p>
${body}
${back}
</body></html>
`;
}
