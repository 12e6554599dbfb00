import { createContext, useContext } from 'react';
import { enUS, type Messages } from './en-US';
import { viVN } from './vi-VN';

/** The languages the app speaks (those of the notification service's messages that are written here). */
export const LANGUAGES = {
  'en-US': { name: 'English', messages: enUS },
  'vi-VN': { name: 'Tiếng Việt', messages: viVN },
} satisfies Record<string, { name: string; messages: Messages }>;

export type Language = keyof typeof LANGUAGES;

const SAVED_KEY = 'booking.language';
const FALLBACK: Language = 'en-US';

const isLanguage = (tag: string | null): tag is Language => tag !== null && tag in LANGUAGES;

/** The first of the person's preferred languages the app speaks, by exact tag, then by language alone. */
export function languageFor(preferred: readonly string[]): Language {
  const tags = Object.keys(LANGUAGES) as Language[];
  for (const wanted of preferred) {
    const exact = tags.find((tag) => tag.toLowerCase() === wanted.toLowerCase());
    const sameLanguage = tags.find((tag) => tag.split('-')[0] === wanted.split('-')[0]!.toLowerCase());
    if (exact ?? sameLanguage) return (exact ?? sameLanguage)!;
  }
  return FALLBACK;
}

/** The language chosen here before, else the browser's. */
export function initialLanguage(): Language {
  const saved = localStorage.getItem(SAVED_KEY);
  return isLanguage(saved) ? saved : languageFor(navigator.languages);
}

export function rememberLanguage(language: Language): void {
  localStorage.setItem(SAVED_KEY, language);
}

export interface LanguageState {
  language: Language;
  text: Messages;
  setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageState>({
  language: FALLBACK,
  text: enUS,
  setLanguage: () => undefined,
});

/** The sentences of the page's language, and the language (a BCP 47 tag, for dates and money). */
export const useText = (): LanguageState => useContext(LanguageContext);
