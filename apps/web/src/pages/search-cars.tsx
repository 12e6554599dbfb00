import { useState, type FormEvent } from 'react';
import { ok, type Resource } from '../api/client';
import { createBooking } from '../api/bookings';
import { useApp } from '../app-context';
import { useText } from '../i18n/language';
import { navigate } from '../router';
import { formatMoney } from '../ui/money';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';
import { instantToWallTime, wallTimeToInstant } from '../time/zones';

const CITIES = [
  { code: 'HN', name: 'Hà Nội' },
  { code: 'HCM', name: 'Hồ Chí Minh City' },
  { code: 'NYC', name: 'New York' },
  { code: 'BER', name: 'Berlin' },
];

const DAY_MS = 86_400_000;

function dailyPrice(resource: Resource): number | undefined {
  const price = (resource.attributes as Record<string, unknown> | undefined)?.['dailyPrice'];
  return typeof price === 'number' ? price : undefined;
}

/** A customer's car search: city and period in their zone → free cars with price and deposit → hold. */
export function SearchCars() {
  const { api, zone } = useApp();
  const { text, language } = useText();
  const tomorrow = new Date(Date.now() + DAY_MS);
  tomorrow.setUTCMinutes(0, 0, 0);
  const [city, setCity] = useState('HN');
  const [from, setFrom] = useState(() => instantToWallTime(tomorrow, zone));
  const [to, setTo] = useState(() => instantToWallTime(new Date(tomorrow.getTime() + 2 * DAY_MS), zone));
  const [cars, setCars] = useState<Resource[]>();
  const [searched, setSearched] = useState<{ from: string; to: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const period = { from: wallTimeToInstant(from, zone), to: wallTimeToInstant(to, zone) };
    if (!period.from || !period.to) return setError(text.enterPeriod);
    setBusy(true);
    try {
      const page = ok(
        await api.GET('/v1/availability', {
          params: { query: { city, kind: 'car', from: period.from, to: period.to } },
        }),
      );
      setCars(page.data);
      setSearched({ from: period.from, to: period.to });
    } catch (failure) {
      setError(sentenceFor(failure, text));
    } finally {
      setBusy(false);
    }
  }

  async function hold(car: Resource) {
    setError(undefined);
    setBusy(true);
    try {
      // The wall times as entered, in the viewer's zone: the API resolves them, DST included.
      const booking = await createBooking(api, {
        resourceId: car.resourceId,
        start: from,
        end: to,
        timeZone: zone,
      });
      navigate(`/bookings/${'bookingId' in booking ? booking.bookingId : ''}`);
    } catch (failure) {
      setError(sentenceFor(failure, text));
      setBusy(false);
    }
  }

  const days = searched
    ? Math.max(1, Math.ceil((Date.parse(searched.to) - Date.parse(searched.from)) / DAY_MS))
    : 0;
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{text.rentTitle}</h1>
      <form onSubmit={(event) => void search(event)} className="search">
        <label>
          {text.city}
          <select value={city} onChange={(event) => setCity(event.target.value)}>
            {CITIES.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text.pickUp(zone)}
          <input
            type="datetime-local"
            value={from}
            required
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label>
          {text.returnAt(zone)}
          <input type="datetime-local" value={to} required onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          {text.search}
        </button>
      </form>
      <ErrorMessage text={error} />
      {cars && (
        <section aria-labelledby="results-title">
          <h2 id="results-title">{cars.length === 0 ? text.noCarFree : text.carsFree(cars.length)}</h2>
          <ul className="cards">
            {cars.map((car) => {
              const price = dailyPrice(car);
              return (
                <li key={car.resourceId} className="card">
                  <h3>{car.name}</h3>
                  <p>
                    {price !== undefined
                      ? text.priceFor(formatMoney(price * days, car.currency, language), days)
                      : text.priceOnRequest}
                    <br />
                    {text.depositNow(formatMoney(car.depositAmount, car.currency, language))}
                  </p>
                  <button type="button" disabled={busy} onClick={() => void hold(car)}>
                    {text.holdCar(car.name)}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
