import { IntlMessageFormat } from 'intl-messageformat';
import enUS from './catalogues/en-US.json';
import viVN from './catalogues/vi-VN.json';
import zhCN from './catalogues/zh-CN.json';

/** The messages of en-US, the fallback: every other catalogue must have exactly its keys. */
export type MessageKey = keyof typeof enUS;
export type Catalogue = Record<MessageKey, string>;

/** One ICU MessageFormat file per language; adding a language is adding its file here. */
export const CATALOGUES: Record<string, Catalogue> = { 'en-US': enUS, 'vi-VN': viVN, 'zh-CN': zhCN };

export const FALLBACK_LANGUAGE = 'en-US';

/**
 * The catalogue a locale reads: the exact tag (`vi-VN`), else the first of the same language
 * (`vi`, `vi-US` → `vi-VN`; `zh-TW` → `zh-CN`), else en-US.
 */
export function languageOf(locale: string): string {
  const tags = Object.keys(CATALOGUES);
  const exact = tags.find((tag) => tag.toLowerCase() === locale.toLowerCase());
  if (exact) return exact;
  const language = locale.split('-')[0]!.toLowerCase();
  return tags.find((tag) => tag.split('-')[0]!.toLowerCase() === language) ?? FALLBACK_LANGUAGE;
}

const compiled = new Map<string, IntlMessageFormat>();

/** One message of a language, its arguments put in (plurals by the language's own rules). */
export function renderMessage(
  language: string,
  key: MessageKey,
  values: Record<string, string | number>,
): string {
  const id = `${language} ${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[language]![key], language);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

// Element types of intl-messageformat's AST that name no argument: text, and `#` in a plural.
const LITERAL = 0;
const POUND = 7;

interface AstElement {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstElement[] }>;
}

/** The argument names a message uses, those inside plural branches included. */
function argumentsOf(message: string, language: string): string[] {
  const names = new Set<string>();
  const visit = (elements: AstElement[]) => {
    for (const element of elements) {
      if (element.type !== LITERAL && element.type !== POUND && typeof element.value === 'string')
        names.add(element.value);
      for (const option of Object.values(element.options ?? {})) visit(option.value);
    }
  };
  visit(new IntlMessageFormat(message, language).getAst());
  return [...names].sort();
}

/**
 * What is wrong with a catalogue next to en-US's: a key missing or extra, a message that is not
 * ICU MessageFormat, or one that uses other arguments than en-US's message does.
 */
export function catalogueProblems(language: string, catalogue: Record<string, string>): string[] {
  const reference = CATALOGUES[FALLBACK_LANGUAGE]!;
  const problems: string[] = [];
  for (const key of Object.keys(reference)) if (!(key in catalogue)) problems.push(`${key}: missing`);
  for (const [key, message] of Object.entries(catalogue)) {
    const expected = reference[key as MessageKey];
    if (expected === undefined) {
      problems.push(`${key}: not in ${FALLBACK_LANGUAGE}`);
      continue;
    }
    try {
      const used = argumentsOf(message, language).join(', ');
      const wanted = argumentsOf(expected, FALLBACK_LANGUAGE).join(', ');
      if (used !== wanted) problems.push(`${key}: uses {${used}}, not {${wanted}}`);
    } catch (error) {
      problems.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}
