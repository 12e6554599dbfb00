import { useState, type FormEvent } from 'react';
import { ok, type Resource } from '../api/client';
import { useApp } from '../app-context';
import {
  intervalsToText,
  overridesToText,
  textToIntervals,
  textToOverrides,
  type BusinessHours,
} from '../time/business-hours';
import { ErrorMessage, StatusMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Weekly hours, dated overrides and buffers, in the resource's own zone. Changing them is an admin's (the API's rule). */
export function HoursEditor({ resource, onSaved }: { resource: Resource; onSaved: () => void }) {
  const { api, session } = useApp();
  const hours = resource.businessHours as BusinessHours | null;
  const [weekly, setWeekly] = useState(() =>
    WEEKDAYS.map((_, day) => intervalsToText(hours?.weekly[String(day) as keyof BusinessHours['weekly']])),
  );
  const [overrides, setOverrides] = useState(() => overridesToText(hours?.overrides ?? {}));
  const [before, setBefore] = useState(resource.bufferBeforeMinutes);
  const [after, setAfter] = useState(resource.bufferAfterMinutes);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const canEdit = session.role === 'admin';

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setSaved(undefined);
    const days = weekly.map(textToIntervals);
    const dated = textToOverrides(overrides);
    if (days.some((day) => !day))
      return setError('Write each day as 09:00-12:00, 13:30-18:00, or leave it empty.');
    if (!dated) return setError('Write each override as 2026-12-24: closed or 2026-12-31: 10:00-14:00.');
    try {
      ok(
        await api.PATCH('/v1/resources/{resourceId}', {
          params: { path: { resourceId: resource.resourceId } },
          body: {
            businessHours: {
              weekly: Object.fromEntries(days.map((day, index) => [String(index), day!])),
              overrides: dated,
            },
            bufferBeforeMinutes: before,
            bufferAfterMinutes: after,
          },
        }),
      );
      setSaved('Saved.');
      onSaved();
    } catch (failure) {
      setError(sentenceFor(failure));
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="hours-title">
      <h2 id="hours-title">Opening hours ({resource.timeZone})</h2>
      {!canEdit && <p>Only an administrator can change these; ask one to.</p>}
      <fieldset disabled={!canEdit}>
        {WEEKDAYS.map((name, day) => (
          <label key={name}>
            {name}
            <input
              value={weekly[day]}
              placeholder="closed"
              onChange={(event) =>
                setWeekly(weekly.map((text, index) => (index === day ? event.target.value : text)))
              }
            />
          </label>
        ))}
        <label>
          Dated changes (one per line)
          <textarea rows={3} value={overrides} onChange={(event) => setOverrides(event.target.value)} />
        </label>
        <label>
          Minutes kept free before each booking
          <input
            type="number"
            min={0}
            value={before}
            onChange={(event) => setBefore(Number(event.target.value))}
          />
        </label>
        <label>
          Minutes kept free after each booking
          <input
            type="number"
            min={0}
            value={after}
            onChange={(event) => setAfter(Number(event.target.value))}
          />
        </label>
        {canEdit && <button type="submit">Save the hours</button>}
      </fieldset>
      <ErrorMessage text={error} />
      <StatusMessage text={saved} />
    </form>
  );
}
