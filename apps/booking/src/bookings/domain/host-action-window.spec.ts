import { DomainError } from '@booking/contracts';
import { checkHostActionWindow } from './host-action-window';

const start = new Date('2026-12-10T09:00:00Z');
const window = { checkInEarlyMinutes: 60, noShowAfterMinutes: 30 };

function outcome(action: 'check_in' | 'no_show' | 'complete', now: string): string {
  try {
    checkHostActionWindow(action, start, new Date(now), window);
    return 'allowed';
  } catch (error) {
    if (error instanceof DomainError) return `${error.code} from ${String(error.extensions['allowedFrom'])}`;
    throw error;
  }
}

describe('checkHostActionWindow', () => {
  it('refuses a no-show before start + noShowAfterMinutes, days early included', () => {
    expect(outcome('no_show', '2026-12-07T09:00:00Z')).toBe('invalid_transition from 2026-12-10T09:30:00Z');
    expect(outcome('no_show', '2026-12-10T09:29:59Z')).toBe('invalid_transition from 2026-12-10T09:30:00Z');
    expect(outcome('no_show', '2026-12-10T09:30:00Z')).toBe('allowed');
  });

  it('accepts a check-in from checkInEarlyMinutes before the start', () => {
    expect(outcome('check_in', '2026-12-10T07:59:59Z')).toBe('invalid_transition from 2026-12-10T08:00:00Z');
    expect(outcome('check_in', '2026-12-10T08:00:00Z')).toBe('allowed');
    expect(outcome('check_in', '2026-12-10T12:00:00Z')).toBe('allowed');
  });

  it('puts no window on completing', () => {
    expect(outcome('complete', '2026-12-01T00:00:00Z')).toBe('allowed');
  });
});
