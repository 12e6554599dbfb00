import type { Problem } from './client';

type Code = Problem['code'];

/** What each problem means to the person in front of the page; the API's own detail follows where it adds facts. */
const SENTENCES: Record<Code, string> = {
  invalid_json: 'The page sent something the server could not read. Reload the page and try again.',
  validation_failed: 'Some of the details are not valid.',
  unauthorized: 'Your sign-in has ended. Sign in again to go on.',
  forbidden: 'Your account may not do this.',
  customer_restricted: 'Your account cannot make this booking because of missed bookings.',
  not_found: 'We could not find this. It may have been removed, or it belongs to someone else.',
  method_not_allowed: 'This action is not available here.',
  slot_unavailable: 'Someone else has this time already. Choose another time.',
  invalid_transition: 'This booking can no longer be changed this way.',
  reschedule_limit: 'This booking has been moved as many times as allowed.',
  idempotency_key_in_progress: 'Your previous request is still being handled. Wait a moment.',
  payload_too_large: 'What you sent is too large.',
  unsupported_media_type: 'The page sent something the server could not read. Reload the page and try again.',
  nonexistent_local_time:
    'That time does not exist on that day: the clocks jump forward then. Choose another time.',
  ambiguous_local_time:
    'That time happens twice on that day because the clocks go back. Choose which one you mean.',
  offset_mismatch: 'That time and time zone do not match. Check the time zone.',
  invalid_time_zone: 'That time zone is not known. Choose one from the list.',
  end_before_start: 'The end must be after the start.',
  too_long: 'That is longer than can be booked at once (90 days).',
  outside_business_hours: 'That time is outside the opening hours.',
  too_short_notice: 'That is too soon to book. Choose a later time.',
  invalid_rrule: 'That repetition cannot be booked. Repeat at most daily.',
  series_not_supported: 'This cannot be booked as a repeating series.',
  idempotency_key_reused: 'This request was already used for something else. Reload the page and try again.',
  rate_limited: 'You have tried many times in a short while. Wait a few minutes and try again.',
  internal_error: 'Something went wrong on our side. Try again in a moment.',
  service_unavailable: 'The service is busy or down for a moment. Try again shortly.',
};

/** The problem as sentences, with the fields the API named when it says what exactly was wrong. */
export function describeProblem(problem: Problem): string {
  const sentence = SENTENCES[problem.code] ?? problem.detail;
  const fields = (problem.errors ?? []).map((error) => `${error.path}: ${error.message}`);
  return fields.length > 0 ? `${sentence} (${fields.join('; ')})` : sentence;
}
