import type { Messages } from '../i18n/en-US';
import type { Problem } from './client';

/** The problem as a sentence of the page's language, with the fields the API named when it says what exactly was wrong. */
export function describeProblem(problem: Problem, text: Messages): string {
  const sentence = text.problems[problem.code] ?? problem.detail;
  const fields = (problem.errors ?? []).map((error) => `${error.path}: ${error.message}`);
  return fields.length > 0 ? `${sentence} (${fields.join('; ')})` : sentence;
}
