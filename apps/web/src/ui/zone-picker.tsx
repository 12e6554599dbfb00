import { useId } from 'react';
import { useText } from '../i18n/language';
import { knownZones } from '../time/zones';

/** The viewer's time zone: detected by the browser, changeable from the IANA list. */
export function ZonePicker({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const id = useId();
  const { text } = useText();
  return (
    <label htmlFor={id} className="zone">
      {text.timesIn}{' '}
      <select id={id} value={zone} onChange={(event) => onChange(event.target.value)}>
        {knownZones().map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
