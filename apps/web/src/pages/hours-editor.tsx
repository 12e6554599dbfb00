import { useState, type FormEvent } from 'react';
import { ok, type Resource } from '../api/client';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import {
  intervalsToText,
  overridesToText,
  textToIntervals,
  textToOverrides,
  type BusinessHours,
} from '../time/business-hours';
import { ErrorMessage, StatusMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

/** Weekly hours, dated overrides and buffers, in the resource's own zone; its host or an admin changes them. */
export function HoursEditor({ resource, onSaved }: { resource: Resource; onSaved: () => void }) {
  const { api, session } = useApp();
  const { text } = useText();
  const hours = resource.businessHours as BusinessHours | null;
  const [weekly, setWeekly] = useState(() =>
    Array.from({ length: 7 }, (_, day) =>
      intervalsToText(hours?.weekly[String(day) as keyof BusinessHours['weekly']]),
    ),
  );
  const [aroundTheClock, setAroundTheClock] = useState(hours === null);
  const [overrides, setOverrides] = useState(() => overridesToText(hours?.overrides ?? {}));
  const [before, setBefore] = useState(resource.bufferBeforeMinutes);
  const [after, setAfter] = useState(resource.bufferAfterMinutes);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const canEdit = session.role === 'admin' || resource.ownerId === session.userId;

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setSaved(undefined);
    const days = weekly.map(textToIntervals);
    const dated = textToOverrides(overrides);
    if (!aroundTheClock && days.some((day) => !day)) return setError(text.badDayHours);
    if (!aroundTheClock && !dated) return setError(text.badOverrides);
    try {
      ok(
        await api.PATCH('/v1/resources/{resourceId}/schedule', {
          params: { path: { resourceId: resource.resourceId } },
          body: {
            businessHours: aroundTheClock
              ? null
              : {
                  weekly: Object.fromEntries(days.map((day, index) => [String(index), day!])),
                  overrides: dated!,
                },
            bufferBeforeMinutes: before,
            bufferAfterMinutes: after,
          },
        }),
      );
      setSaved(text.saved);
      onSaved();
    } catch (failure) {
      setError(sentenceFor(failure, text));
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="hours-title">
      <h2 id="hours-title">{text.openingHours(resource.timeZone)}</h2>
      {!canEdit && <p>{text.onlyHostChanges}</p>}
      <fieldset disabled={!canEdit}>
        <label className="inline">
          <input
            type="checkbox"
            checked={aroundTheClock}
            onChange={(event) => setAroundTheClock(event.target.checked)}
          />
          {text.aroundTheClock}
        </label>
        {text.weekdays.map((name, day) => (
          <label key={name}>
            {name}
            <input
              value={weekly[day]}
              disabled={aroundTheClock}
              placeholder={text.closed}
              onChange={(event) =>
                setWeekly(weekly.map((text, index) => (index === day ? event.target.value : text)))
              }
            />
          </label>
        ))}
        <label>
          {text.datedChanges}
          <textarea
            rows={3}
            value={overrides}
            disabled={aroundTheClock}
            onChange={(event) => setOverrides(event.target.value)}
          />
        </label>
        <label>
          {text.bufferBefore}
          <input
            type="number"
            min={0}
            value={before}
            onChange={(event) => setBefore(Number(event.target.value))}
          />
        </label>
        <label>
          {text.bufferAfter}
          <input
            type="number"
            min={0}
            value={after}
            onChange={(event) => setAfter(Number(event.target.value))}
          />
        </label>
        {canEdit && <button type="submit">{text.saveHours}</button>}
      </fieldset>
      <ErrorMessage text={error} />
      <StatusMessage text={saved} />
    </form>
  );
}
