import type { StoredEvent } from './calendar-store';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Google's consent screen, reduced to what a developer needs: which account, allow or deny. */
export function consentPage(query: Record<string, string>, defaultAccount: string): string {
  const hidden = Object.entries(query)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in – Google stand-in</title></head>
<body><main><h1>Allow access to your calendar?</h1>
<p>The booking platform asks for: <code>${escape(query['scope'] ?? '')}</code></p>
<form method="post">${hidden}
<label>Account <input name="account" type="email" value="${escape(defaultAccount)}" required></label>
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button>
</form></main></body></html>`;
}

/** Every calendar and its events, for a developer checking what the platform wrote. */
export function calendarsPage(calendars: { id: string; events: StoredEvent[] }[]): string {
  const rows = (events: StoredEvent[]) =>
    events
      .map(
        (event) =>
          `<tr><td><code>${escape(event.id)}</code></td><td>${escape(event.status)}</td><td>${escape(event.summary ?? '')}</td>` +
          `<td>${escape(event.start.dateTime)} ${escape(event.start.timeZone ?? '')}</td><td>${escape(event.end.dateTime)}</td>` +
          `<td>${escape((event.recurrence ?? []).join(' '))}</td><td>${event.exceptions.size}</td></tr>`,
      )
      .join('');
  const sections = calendars
    .map(
      (calendar) =>
        `<h2>${escape(calendar.id)}</h2><table><thead><tr><th>id</th><th>status</th><th>summary</th><th>start</th>` +
        `<th>end</th><th>recurrence</th><th>exceptions</th></tr></thead><tbody>${rows(calendar.events)}</tbody></table>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Calendars – Google stand-in</title></head>
<body><main><h1>Calendars</h1>${sections || '<p>No events yet.</p>'}</main></body></html>`;
}
