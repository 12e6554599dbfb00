import fc from 'fast-check';
import { ERROR_STATUS } from '@booking/contracts';
import { bearer } from '@booking/testing';
import { operationsOf, requestOf, type FuzzRequest, type FuzzWorld } from './fuzz/request-arbitrary';
import { ResponseSchemas } from './fuzz/response-schemas';
import { Client, hoursFromNow, readJson } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

/** 10,000 by default, as CI runs it; `FUZZ_RUNS` and `FUZZ_SEED` replay or widen a run. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 10_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_203);

/** What the platform has stored: a refused request must leave it exactly as it was. */
const STORED = {
  booking: ['booking', 'resource', 'idempotency_key', 'series', 'customer_standing'],
  payment: ['payment', 'webhook_delivery'],
} as const;

interface Tally {
  byStatus: Map<number, number>;
  byCode: Map<string, number>;
  /** Requests to an operation that requires a token, sent without a valid one. */
  withoutValidToken: number;
  /** Success answers checked against the document's response schemas. */
  validatedSuccesses: number;
  failures: string[];
}

interface ParsedProblem {
  status?: unknown;
  code?: unknown;
  detail?: unknown;
  errors?: { message?: unknown }[];
}

function parsedProblem(text: string): ParsedProblem {
  try {
    return JSON.parse(text) as ParsedProblem;
  } catch {
    return {};
  }
}

/**
 * Refused for its form before any operation took it, so before anyone asked who sent it: an
 * address that names no operation, a path parameter over 100 characters or with a NUL, a body that is not JSON,
 * too big or of another type. Whatever the token, these say nothing and change nothing; every other
 * answer to a request without a valid token must be 401.
 */
function refusedForItsForm(status: number, problem: ParsedProblem): boolean {
  if (status === 404) return problem.detail === 'There is nothing at this address.';
  if (['invalid_json', 'unsupported_media_type', 'payload_too_large'].includes(String(problem.code)))
    return true;
  const errors = problem.errors ?? [];
  return (
    problem.code === 'validation_failed' &&
    errors.length > 0 &&
    errors.every((error) => /^(longer than|contains a NUL character)/.test(String(error.message)))
  );
}

function describeRequest(request: FuzzRequest): string {
  return `${request.method} ${request.url.slice(0, 160)} ${JSON.stringify(request.headers).slice(0, 200)} ${(
    request.body ?? ''
  ).slice(0, 200)}`;
}

describe('fuzzing every public route from the OpenAPI document', () => {
  let platform: RunningPlatform;
  let world: FuzzWorld;
  let responses: ResponseSchemas;

  beforeAll(async () => {
    // The clock stands still and no job runs meanwhile, so a change in storage is a request's;
    // holds are not rate-limited, so that the well-formed ones go on to the deeper rules.
    platform = await startPlatform({
      now: '2026-08-03T07:00:00Z',
      env: { SERIES_MATERIALIZE_INTERVAL_MS: '3600000', HOLD_RATE_LIMIT: '100000' },
    });
    const [admin, host, customer] = await Promise.all([
      Client.as(platform, 'admin'),
      Client.as(platform, 'host'),
      Client.as(platform, 'customer'),
    ]);
    const car = await admin.createResource({ ownerId: host.userId });
    const court = await admin.createResource({ ownerId: host.userId, depositAmount: 0, kind: 'court' });
    const held = await customer.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 30),
      end: hoursFromNow(platform, 32),
    });
    const confirmed = await customer.holdOk({
      resourceId: court['resourceId'],
      start: hoursFromNow(platform, 30),
      end: hoursFromNow(platform, 31),
    });
    const series = await customer.holdOk({
      resourceId: court['resourceId'],
      start: hoursFromNow(platform, 50),
      end: hoursFromNow(platform, 51),
      rrule: 'FREQ=DAILY;COUNT=5',
    });
    const instants = [1, 2, 26, 30, 31, 72, 200, -3].map((hours) => hoursFromNow(platform, hours));
    world = {
      authorizations: {
        valid: [customer.authorization, host.authorization, admin.authorization],
        invalid: [
          'Bearer not-a-token',
          await bearer(customer.userId, 'customer', { secret: 'another-secret-of-16-chars' }),
          await bearer(customer.userId, 'customer', { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
          'Basic YWRtaW46YWRtaW4=',
        ],
      },
      hints: {
        resourceId: [car['resourceId'], court['resourceId']],
        bookingId: [held['bookingId'], confirmed['bookingId']],
        seriesId: [series['seriesId']],
        recurrenceId: [(series['occurrences'] as { start: string }[])[0]!.start],
        customerId: [customer.userId, host.userId],
        signature: [new URL(held['paymentUrl'] as string).searchParams.get('signature')],
        start: instants,
        end: instants,
        from: ['2026-08-03', '2026-08-04T00:00:00Z', '2026-13-01', '2026-02-30', ...instants],
        to: ['2026-08-10', '2026-09-30', '2027-08-03', ...instants],
        timeZone: ['Asia/Ho_Chi_Minh', 'America/New_York', 'UTC', 'Mars/Olympus', ''],
        rrule: ['FREQ=DAILY;COUNT=3', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=WEEKLY;BYDAY=MO', 'RRULE:'],
        contact: [{ email: 'guest@example.com', locale: 'vi' }, { phone: '+84901234567' }, null],
        city: ['HN', 'NYC'],
        kind: ['car', 'court'],
        status: ['HOLD', 'CONFIRMED', 'EXPIRED'],
      },
    };
  });
  afterAll(async () => {
    await platform.stop();
  });

  /** One digest per stored table of both services, rows in order: any change shows. */
  async function storedState(): Promise<string> {
    const parts: string[] = [];
    for (const [service, tables] of Object.entries(STORED)) {
      const digests = tables.map(
        (table) => `(SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM ${table} t) AS ${table}`,
      );
      const { rows } = await platform
        .database(service as keyof typeof STORED)
        .query(`SELECT ${digests.join(', ')}`);
      parts.push(JSON.stringify(rows[0]));
    }
    return parts.join(' ');
  }

  /** What is stored now; nothing but a request changes it (see beforeAll). */
  let stored = '';

  async function send(request: FuzzRequest, tally: Tally): Promise<void> {
    const before = stored;
    const response = await fetch(`${platform.gatewayUrl}${request.url}`, {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const text = await response.text();
    stored = await storedState();
    tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
    const fail = (why: string): void => {
      tally.failures.push(`${why}: ${response.status} ${text.slice(0, 200)} ← ${describeRequest(request)}`);
    };
    if (response.status >= 500) return fail('a server error');
    // A forged, expired or missing token never opens an operation that requires one.
    const authorization = request.headers['authorization'];
    const unauthenticated =
      authorization === undefined || world.authorizations.invalid.includes(authorization);
    if (request.secured && unauthenticated) {
      tally.withoutValidToken += 1;
      if (response.status !== 401 && !refusedForItsForm(response.status, parsedProblem(text)))
        return fail('a request without a valid token was not answered 401');
    }
    if (response.status < 300 && request.operation) {
      tally.validatedSuccesses += 1;
      const problem = responses.problemWith(
        request.operation,
        response.status,
        response.headers.get('content-type') ?? '',
        text,
      );
      if (problem) return fail(problem);
    }
    if (response.status < 400) return;
    const problem = parsedProblem(text);
    const code = typeof problem.code === 'string' ? problem.code : '';
    tally.byCode.set(code, (tally.byCode.get(code) ?? 0) + 1);
    if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json'))
      return fail('not problem+json');
    if (!(code in ERROR_STATUS) || ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== response.status)
      return fail(`code ${code || 'missing'} is not the contract's for this status`);
    if (problem.status !== response.status) return fail('problem.status differs from the status');
    if (stored !== before) return fail('a refused request changed what is stored');
  }

  it(`answers ${RUNS} random and mutated requests with 2xx, 3xx or a contract 4xx problem, changing nothing when it refuses and opening nothing without a valid token`, async () => {
    const document = await readJson(await fetch(`${platform.gatewayUrl}/docs/openapi.json`));
    const operations = operationsOf(document as Parameters<typeof operationsOf>[0]);
    responses = new ResponseSchemas(document as ConstructorParameters<typeof ResponseSchemas>[0]);
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const tally: Tally = {
      byStatus: new Map(),
      byCode: new Map(),
      withoutValidToken: 0,
      validatedSuccesses: 0,
      failures: [],
    };
    const requests = fc.oneof(...operations.map((operation) => requestOf(operation, world)));
    stored = await storedState();
    const started = performance.now();
    for (const request of fc.sample(requests, { numRuns: RUNS, seed: SEED })) await send(request, tally);
    const seconds = (performance.now() - started) / 1000;

    const sorted = <K>(map: Map<K, number>) =>
      [...map].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${String(key)}: ${n}`);
    process.stdout.write(
      `fuzz: ${RUNS} requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})\n` +
        `  by status: ${sorted(tally.byStatus).join(', ')}\n  by code: ${sorted(tally.byCode).join(', ')}\n` +
        `  refused without a valid token: ${tally.withoutValidToken} requests to operations that need one\n` +
        `  success answers valid against the document's response schemas: ${tally.validatedSuccesses}\n`,
    );
    expect(tally.failures.slice(0, 10)).toEqual([]);
    expect(tally.withoutValidToken).toBeGreaterThan(500);
    expect(tally.validatedSuccesses).toBeGreaterThan(500);
    const ready = await fetch(`${platform.gatewayUrl}/health/ready`);
    expect(ready.status).toBe(200);
    // The platform kept doing its job: a well-formed hold on a new resource is still taken
    // (the fuzzer may well have changed the seeded ones).
    const admin = await Client.as(platform, 'admin');
    const car = await admin.createResource();
    const hold = await (
      await Client.as(platform, 'customer')
    ).hold({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 400),
      end: hoursFromNow(platform, 401),
    });
    expect([hold.status, await hold.text()]).toEqual([201, expect.stringContaining('"status":"HOLD"')]);
  }, 900_000);
});
