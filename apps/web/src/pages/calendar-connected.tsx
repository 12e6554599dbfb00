import { useEffect, useState } from 'react';
import { ok, type Api } from '../api/client';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { Link } from '../router';
import { ErrorMessage } from '../ui/messages';
import { useAsync } from '../ui/use-async';

export const CALENDAR_CONNECTED_PATH = '/calendar-connected';

// One consent is redeemed once: a second render (React's strict mode) reuses the first answer.
const redeemed = new Map<string, Promise<{ resourceId: string; calendarId: string }>>();

function redeem(api: Api, query: URLSearchParams) {
  const key = query.toString();
  let answer = redeemed.get(key);
  if (!answer) {
    answer = api
      .GET('/v1/calendar-connections/callback', { params: { query: Object.fromEntries(query) } })
      .then(ok);
    redeemed.set(key, answer);
  }
  return answer;
}

/**
 * Where Google sends the host back after the consent (when `GOOGLE_OAUTH_REDIRECT_URL` names this
 * page): the answer is handed to the API, which redeems the code; then the page says how it went.
 */
export function CalendarConnected() {
  const { api } = useApp();
  const { text } = useText();
  const [query] = useState(() => new URLSearchParams(window.location.search));
  const connection = useAsync(() => redeem(api, query), [query.toString()]);
  // The code is spent: keep it out of the address bar and the history.
  useEffect(() => window.history.replaceState(null, '', CALENDAR_CONNECTED_PATH), []);
  const hostPage = connection.data
    ? `/host?resource=${encodeURIComponent(connection.data.resourceId)}`
    : '/host';
  return (
    <section aria-labelledby="connected-title">
      <h1 id="connected-title">{text.googleCalendar}</h1>
      {connection.loading && <p role="status">{text.connectingCalendar}</p>}
      {connection.data && <p role="status">{text.calendarConnected(connection.data.calendarId)}</p>}
      <ErrorMessage text={connection.error} />
      <p>
        <Link href={hostPage}>{text.backToResources}</Link>
      </p>
    </section>
  );
}
