/** Where "now" comes from. Injected everywhere, so tests can move time instead of waiting for it. */
export interface Clock {
  now(): Date;
}

// The one place the wall clock is read.
// eslint-disable-next-line no-restricted-syntax
export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests set and advance by hand. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
