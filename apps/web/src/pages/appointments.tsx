import { DateTime } from 'luxon';
import { useState } from 'react';
import { ok, type Resource } from '../api/client';
import { createBooking } from '../api/bookings';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { ResourcePicker } from '../ui/resource-picker';
import { thisMonday } from '../time/zones';
import { navigate } from '../router';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor, useAsync } from '../ui/use-async';
import { WeekPicker } from '../ui/week-picker';
import { BookAtTime } from './book-at-time';
import { RepeatBooking } from './repeat-booking';

const APPOINTMENT_KINDS = ['clinician', 'room'];

/** A provider's week of free slots in the viewer's zone (the provider's zone named too). */
export function Appointments() {
  const { api } = useApp();
  const { text } = useText();
  const providers = useAsync(async () => {
    const pages = await Promise.all(
      APPOINTMENT_KINDS.map(
        async (kind) => ok(await api.GET('/v1/resources', { params: { query: { kind } } })).data,
      ),
    );
    return pages.flat().filter((resource) => resource.slotMinutes);
  }, []);
  const [chosen, setChosen] = useState<string>();
  const provider = providers.data?.find((resource) => resource.resourceId === chosen) ?? providers.data?.[0];
  return (
    <section aria-labelledby="appointments-title">
      <h1 id="appointments-title">{text.appointmentsTitle}</h1>
      <ErrorMessage text={providers.error} />
      {providers.data && providers.data.length > 0 && (
        <ResourcePicker
          label={text.with}
          resources={providers.data}
          value={provider?.resourceId}
          onChange={setChosen}
        />
      )}
      {provider && <ProviderWeek key={provider.resourceId} provider={provider} />}
    </section>
  );
}

function ProviderWeek({ provider }: { provider: Resource }) {
  const { api, zone } = useApp();
  const { text, language } = useText();
  const [monday, setMonday] = useState(() => thisMonday(zone));
  const [picked, setPicked] = useState<{ start: string; end: string }>();
  const [error, setError] = useState<string>();
  const duration = provider.slotMinutes ?? 30;
  const from = monday.toISODate();
  const to = monday.plus({ days: 6 }).toISODate();
  const slots = useAsync(
    async () =>
      ok(
        await api.GET('/v1/resources/{resourceId}/slots', {
          params: {
            path: { resourceId: provider.resourceId },
            query: { from, to, durationMinutes: duration, timeZone: zone },
          },
        }),
      ).data,
    [provider.resourceId, from, zone],
  );
  const byDay = new Map<string, { start: string; end: string; startLocal: string }[]>();
  for (const slot of slots.data ?? []) {
    const day = slot.startLocal.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }

  async function book(slot: { start: string; end: string }) {
    setError(undefined);
    try {
      const created = await createBooking(api, {
        resourceId: provider.resourceId,
        start: slot.start,
        end: slot.end,
      });
      if ('bookingId' in created) navigate(`/bookings/${created.bookingId}`);
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }

  return (
    <>
      <p>{text.timesShownIn(zone, provider.name, provider.timeZone)}</p>
      <WeekPicker monday={monday} zone={zone} onChange={setMonday} />
      <ErrorMessage text={slots.error ?? error} />
      <div className="slots">
        {Array.from({ length: 7 }, (_, index) => monday.plus({ days: index })).map((day) => {
          const daySlots = byDay.get(day.toISODate()) ?? [];
          return (
            <section
              key={day.toISODate()}
              aria-label={day.setLocale(language).toLocaleString(DateTime.DATE_HUGE)}
            >
              <h3>{day.setLocale(language).toFormat('ccc d LLL')}</h3>
              {daySlots.length === 0 ? (
                <p>{text.noFreeTime}</p>
              ) : (
                <ul>
                  {daySlots.map((slot) => (
                    <li key={slot.start}>
                      <button
                        type="button"
                        aria-label={`${DateTime.fromISO(slot.start, { zone, locale: language }).toFormat('cccc d LLLL, HH:mm')} (${zone})`}
                        onClick={() => setPicked(slot)}
                      >
                        {slot.startLocal.slice(11, 16)}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {picked && (
        <div role="group" aria-label={text.chosenTime}>
          <p>
            {text.chosenTimeIs(
              DateTime.fromISO(picked.start, { zone, locale: language }).toFormat('cccc d LLLL yyyy, HH:mm'),
              zone,
              DateTime.fromISO(picked.start, { zone: provider.timeZone }).toFormat('HH:mm'),
              provider.timeZone,
            )}
          </p>
          <button type="button" onClick={() => void book(picked)}>
            {text.bookThisTime}
          </button>
          {provider.depositAmount === 0 && <RepeatBooking provider={provider} slot={picked} />}
        </div>
      )}
      <BookAtTime provider={provider} />
    </>
  );
}
