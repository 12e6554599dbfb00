import { DateTime } from 'luxon';
import { useState } from 'react';
import { ok, type Booking, type Resource } from '../api/client';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { ResourcePicker } from '../ui/resource-picker';
import { thisMonday } from '../time/zones';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor, useAsync } from '../ui/use-async';
import { WeekPicker } from '../ui/week-picker';
import { HoursEditor } from './hours-editor';

/** A host's resources: a week of bookings per resource in its own zone, the host's actions, hours, calendar sync. */
export function HostPage() {
  const { api, session } = useApp();
  const { text } = useText();
  const resources = useAsync(async () => {
    const mine = session.role === 'admin' ? {} : { ownerId: session.userId };
    return ok(await api.GET('/v1/resources', { params: { query: { limit: 200, ...mine } } })).data;
  }, [session.userId]);
  // `?resource=` picks one, as the page Google Calendar's consent returns to links.
  const [chosen, setChosen] = useState(
    () => new URLSearchParams(window.location.search).get('resource') ?? undefined,
  );
  const resource = resources.data?.find((each) => each.resourceId === chosen) ?? resources.data?.[0];
  return (
    <section aria-labelledby="host-title">
      <h1 id="host-title">{session.role === 'admin' ? text.resourcesTitle : text.myResourcesTitle}</h1>
      <ErrorMessage text={resources.error} />
      {resources.data?.length === 0 && <p>{text.noResources}</p>}
      {resources.data && resources.data.length > 0 && (
        <ResourcePicker
          label={text.resource}
          resources={resources.data}
          value={resource?.resourceId}
          onChange={setChosen}
        />
      )}
      {resource && (
        <>
          <ResourceWeek key={resource.resourceId} resource={resource} />
          <HoursEditor
            key={`hours-${resource.resourceId}`}
            resource={resource}
            onSaved={() => void resources.reload()}
          />
          <CalendarSync resource={resource} />
        </>
      )}
    </section>
  );
}

const ACTIONS = [
  { path: 'check-in', label: 'checkIn', when: 'CONFIRMED' },
  { path: 'no-show', label: 'markNoShow', when: 'CONFIRMED' },
  { path: 'complete', label: 'complete', when: 'IN_PROGRESS' },
] as const;

function ResourceWeek({ resource }: { resource: Resource }) {
  const { api } = useApp();
  const { text, language } = useText();
  const zone = resource.timeZone;
  const [monday, setMonday] = useState(() => thisMonday(zone));
  const [error, setError] = useState<string>();
  const bookings = useAsync(
    async () =>
      ok(
        await api.GET('/v1/bookings', {
          params: {
            query: {
              resourceId: resource.resourceId,
              from: monday.toUTC().toISO(),
              to: monday.plus({ weeks: 1 }).toUTC().toISO(),
              limit: 200,
            },
          },
        }),
      ).data,
    [resource.resourceId, monday.toISO()],
  );

  async function act(booking: Booking, action: (typeof ACTIONS)[number]['path']) {
    setError(undefined);
    try {
      const params = { params: { path: { bookingId: booking.bookingId } } };
      if (action === 'check-in') ok(await api.POST('/v1/bookings/{bookingId}/check-in', params));
      if (action === 'no-show') ok(await api.POST('/v1/bookings/{bookingId}/no-show', params));
      if (action === 'complete') ok(await api.POST('/v1/bookings/{bookingId}/complete', params));
      await bookings.reload();
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }

  const days = Array.from({ length: 7 }, (_, index) => monday.plus({ days: index }));
  const active = (bookings.data ?? []).filter(
    (booking) => !['CANCELLED', 'EXPIRED'].includes(booking.status),
  );
  return (
    <section aria-label={text.bookingsOf(resource.name)}>
      <WeekPicker monday={monday} zone={zone} onChange={setMonday} />
      <ErrorMessage text={bookings.error ?? error} />
      <div className="slots">
        {days.map((day) => {
          const onDay = active.filter((booking) => {
            const start = DateTime.fromISO(booking.start, { zone });
            const end = DateTime.fromISO(booking.end, { zone });
            return start < day.plus({ days: 1 }) && end > day;
          });
          return (
            <section key={day.toISODate()} aria-label={day.setLocale(language).toFormat('cccc d LLLL')}>
              <h3>{day.setLocale(language).toFormat('ccc d LLL')}</h3>
              {onDay.length === 0 && <p>{text.free}</p>}
              <ul>
                {onDay.map((booking) => (
                  <li key={booking.bookingId} className="card" data-booking={booking.bookingId}>
                    {DateTime.fromISO(booking.start, { zone, locale: language }).toFormat('d LLL HH:mm')}–
                    {DateTime.fromISO(booking.end, { zone, locale: language }).toFormat('d LLL HH:mm')}
                    <br />
                    {text.statusShort[booking.status]} · {booking.customerId}
                    {ACTIONS.filter((action) => action.when === booking.status).map((action) => (
                      <button key={action.path} type="button" onClick={() => void act(booking, action.path)}>
                        {text[action.label]}
                      </button>
                    ))}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

function CalendarSync({ resource }: { resource: Resource }) {
  const { api } = useApp();
  const { text } = useText();
  const path = { params: { path: { resourceId: resource.resourceId } } };
  const connection = useAsync(async () => {
    const result = await api.GET('/v1/resources/{resourceId}/calendar-connection', path);
    return result.response.status === 404 ? undefined : ok(result);
  }, [resource.resourceId]);
  const [error, setError] = useState<string>();
  async function connect() {
    try {
      const consent = ok(await api.POST('/v1/resources/{resourceId}/calendar-connection', path));
      window.location.assign(consent.authorizationUrl);
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }
  return (
    <section aria-labelledby="sync-title">
      <h2 id="sync-title">{text.googleCalendar}</h2>
      {connection.loading ? (
        <p>{text.checkingCalendar}</p>
      ) : connection.data ? (
        <p>
          {text.calendarWritten(connection.data.calendarId, text.calendarStatuses[connection.data.status])}
        </p>
      ) : (
        <button type="button" onClick={() => void connect()}>
          {text.connectCalendar}
        </button>
      )}
      <ErrorMessage text={error} />
    </section>
  );
}
