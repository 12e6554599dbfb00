import { fixRequestQueueSpin } from './request-queue-fix';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the internal module the fix patches
const RequestQueue = require('kafkajs/src/network/requestQueue') as {
  prototype: { scheduleCheckPendingRequests(this: unknown): void };
};

/** The fields of a connection's queue the scheduling reads: not throttled (kafkajs' -1). */
const queueWith = (pending: unknown[]) => ({
  pending,
  throttledUntil: -1,
  throttleCheckTimeoutId: null as NodeJS.Timeout | null,
  checkPendingRequests: () => undefined,
});

describe('fixRequestQueueSpin', () => {
  beforeAll(() => fixRequestQueueSpin());

  it('arms no timer on a connection where no request waits', () => {
    const idle = queueWith([]);
    RequestQueue.prototype.scheduleCheckPendingRequests.call(idle);
    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('still schedules the check when a request waits', () => {
    const busy = queueWith([{ correlationId: 1 }]);
    RequestQueue.prototype.scheduleCheckPendingRequests.call(busy);
    expect(busy.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(busy.throttleCheckTimeoutId!);
  });

  it('patches once however often clients are made', () => {
    const patched = RequestQueue.prototype.scheduleCheckPendingRequests;
    fixRequestQueueSpin();
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(patched);
  });
});
