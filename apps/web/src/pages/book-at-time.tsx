import { useState, type FormEvent } from 'react';
import { ApiProblem, type Problem, type Resource } from '../api/client';
import { createBooking } from '../api/bookings';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { navigate } from '../router';
import { addWallMinutes } from '../time/wall-time';
import { formatInstant } from '../time/zones';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

type Candidate = NonNullable<Problem['candidates']>[number];

/**
 * A wall time typed in the viewer's zone. A time the clocks pass twice is offered as its two
 * instants; one they skip is explained. The API decides both, by the IANA database.
 */
export function BookAtTime({ provider }: { provider: Resource }) {
  const { api, zone } = useApp();
  const { text, language } = useText();
  const [wallTime, setWallTime] = useState('');
  const [candidates, setCandidates] = useState<Candidate[]>();
  const [error, setError] = useState<string>();
  const minutes = provider.slotMinutes ?? 30;

  async function book(disambiguation?: 'earlier' | 'later') {
    setError(undefined);
    try {
      const created = await createBooking(api, {
        resourceId: provider.resourceId,
        start: wallTime,
        end: addWallMinutes(wallTime, minutes),
        timeZone: zone,
        disambiguation: disambiguation ?? null,
      });
      if ('bookingId' in created) navigate(`/bookings/${created.bookingId}`);
    } catch (failure) {
      if (failure instanceof ApiProblem && failure.problem.code === 'ambiguous_local_time')
        return setCandidates(failure.problem.candidates);
      setError(sentenceFor(failure, text));
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCandidates(undefined);
    void book();
  };
  return (
    <section aria-labelledby="at-time-title">
      <h2 id="at-time-title">{text.exactTimeTitle}</h2>
      <form onSubmit={submit} className="search">
        <label>
          {text.exactStart(zone, minutes)}
          <input
            type="datetime-local"
            required
            value={wallTime}
            onChange={(event) => setWallTime(event.target.value)}
          />
        </label>
        <button type="submit">{text.bookAtThisTime}</button>
      </form>
      {candidates && (
        <div role="group" aria-labelledby="twice-title">
          <p id="twice-title">{text.happensTwice(wallTime.slice(11), zone)}</p>
          {candidates.map((candidate, index) => (
            <button
              key={candidate.instant}
              type="button"
              onClick={() => void book(index === 0 ? 'earlier' : 'later')}
            >
              {index === 0 ? text.theFirst : text.theSecond}:{' '}
              {formatInstant(candidate.instant, zone, language)} (UTC{candidate.offset})
            </button>
          ))}
        </div>
      )}
      <ErrorMessage text={error} />
    </section>
  );
}
