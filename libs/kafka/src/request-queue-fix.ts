/**
 * kafkajs 2.2.4 (its last release) re-arms a timer on every connection after each response even
 * when no request waits, with a negative delay that Node runs as 1 ms: every connection wakes
 * its process a thousand times a second for nothing, and Node 24+ warns at start
 * (TimeoutNegativeWarning). Upstream: tulios/kafkajs#1704 and #1751, fixed in unmerged #1768.
 * With nothing pending there is nothing to check: a request queued later schedules its own check.
 */
interface RequestQueueShape {
  pending: unknown[];
  scheduleCheckPendingRequests: (this: RequestQueueShape) => void;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module kafkajs does not export
const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueShape };

const PATCHED = Symbol.for('booking.kafkajs.requestQueueFix');

/** Applies the fix once per process; throws if kafkajs no longer has the method it replaces. */
export function fixRequestQueueSpin(): void {
  const prototype = RequestQueue.prototype as RequestQueueShape & { [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  const schedule = prototype.scheduleCheckPendingRequests;
  if (typeof schedule !== 'function')
    throw new Error(
      'kafkajs changed: RequestQueue.scheduleCheckPendingRequests is gone; review request-queue-fix',
    );
  prototype.scheduleCheckPendingRequests = function (this: RequestQueueShape) {
    if (this.pending.length > 0) schedule.call(this);
  };
  prototype[PATCHED] = true;
}
