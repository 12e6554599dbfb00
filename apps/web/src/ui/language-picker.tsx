import { useId } from 'react';
import { LANGUAGES, useText, type Language } from '../i18n/language';

/** The page's language: the browser's preferred one the app speaks, changeable. */
export function LanguagePicker() {
  const id = useId();
  const { text, language, setLanguage } = useText();
  return (
    <label htmlFor={id} className="zone">
      {text.language}{' '}
      <select id={id} value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        {Object.entries(LANGUAGES).map(([tag, { name }]) => (
          <option key={tag} value={tag} lang={tag}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
