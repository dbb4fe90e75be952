/**
 * The rate limit kept per process with the database as the shared truth
 * (docs/product-rules.md#api-rate-limit, server/public-api/slots.ts): two app instances on one
 * database, each with its own admissions reserved in memory, never admit together more than one
 * exact limiter would — whatever the interleaving, the bursts and the time between them — and a
 * reservation a process did not spend in time lapses instead of being spent late. A token's reads
 * are mostly plain reads: the process reserves a stretch of its schedule ahead.
 */
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_US, emissionIntervalUs } from '../../server/public-api/rate-limit.ts';
import { spareFractionOf, type PublicApi } from '../../server/public-api/index.ts';
import { spareMax } from '../../server/public-api/slots.ts';
import { createTestApp } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { createPublicApiHarness, type PublicApiHarness } from './helpers/public-api.ts';

let h: PublicApiHarness;
let userId: string;
/** A second app on the same database and clock: another process, as far as the limiter can tell. */
let other: ReturnType<typeof createTestApp>;
let otherApi: PublicApi | undefined;

beforeAll(async () => {
  // The usage buffer is written by the tests' own flushes only: the writes counted are the limiter's.
  h = await createPublicApiHarness({ usageFlush: { flushMs: 3_600_000 } });
  userId = await h.account('professional');
  other = createTestApp({
    database: h.test.database,
    now: h.clock.now,
    onPublicApi: (assembled) => {
      otherApi = assembled;
    },
  });
}, 120_000);

afterAll(async () => {
  await otherApi?.close();
  await h?.dispose();
});

type Instance = 'a' | 'b';

/** The spare admissions a process reserves for a token of `limit` it has served before, on this test's database. */
const sparesOf = (limit: number) => spareMax(limit, spareFractionOf(DRIVER));

async function credits(instance: Instance, secret: string): Promise<number> {
  if (instance === 'a') return (await h.call('GET', '/v1/credits', { token: secret })).status;
  const response = await other.request('/v1/credits', { headers: { Authorization: `Bearer ${secret}` } });
  await response.arrayBuffer();
  return response.status;
}

/** `count` requests at once to one instance; the statuses. */
const burst = (instance: Instance, secret: string, count: number) => Promise.all(Array.from({ length: count }, () => credits(instance, secret)));
const admitted = (statuses: readonly number[]) => statuses.filter((status) => status === 200).length;

/**
 * Whether admissions at these instants (ms) conform to GCRA with the token's limit: for any two of
 * them in time order, i ≤ j, (j − i + 1)·T ≤ t_j − t_i + window — what one exact limiter allows.
 */
function conforms(instantsMs: readonly number[], limit: number): boolean {
  const sorted = instantsMs.map((ms) => ms * 1000).toSorted((x, y) => x - y);
  const interval = emissionIntervalUs(limit);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i; j < sorted.length; j++) if ((j - i + 1) * interval > sorted[j]! - sorted[i]! + WINDOW_US) return false;
  }
  return true;
}

describe(`/v1 rate limit shared by two app instances (${DRIVER})`, () => {
  it('reserves ahead for a token in use: 30 reads in a row take 2 reservations, the rest are plain reads', async () => {
    const token = await h.token(userId, { rateLimit: 1_000 });
    const writes = h.writes();
    for (let index = 0; index < 30; index++) expect(await credits('a', token.secret)).toBe(200);
    // The 1st request reserves what it needs (the process has not served the token before); the
    // 2nd reserves its own and its spares (50 on Postgres, a twentieth of the limit; 250 on
    // PGlite, a quarter), enough for the 30th.
    expect(h.writes() - writes).toBe(2);
    // Spread over the 3 s those spares cover (T = 60 ms), reads stay plain reads: a token used
    // below its rate spends the slot of the moment and lets the ones between lapse.
    const spread = h.writes();
    for (let index = 0; index < 5; index++) {
      h.clock.advance(500);
      expect(await credits('a', token.secret)).toBe(200);
    }
    expect(h.writes() - spread).toBe(0);
  });

  it('lets a reservation lapse rather than spend it after the tat it continues from has passed', async () => {
    // Limit 60 (T = 1 s; spares: 3 on Postgres, 15 on PGlite): the 2nd request reserves the
    // spares with its own, the 3rd spends one, and instance A holds the others, the last of
    // which lapses at t0 + (spares + 1) s.
    const spares = sparesOf(60);
    const token = await h.token(userId, { rateLimit: 60 });
    const start = h.clock.now();
    expect(await burst('a', token.secret, 1)).toEqual([200]);
    expect(await burst('a', token.secret, 1)).toEqual([200]);
    expect(await burst('a', token.secret, 1)).toEqual([200]);
    // Once all have lapsed, the quota has come back in full, and B takes all of it.
    const lapsedMs = Math.max(10_000, (spares + 2) * 1_000);
    h.clock.advance(lapsedMs);
    expect(admitted(await burst('b', token.secret, 70))).toBe(60);
    // A may not spend what it held: that would make 61 within the window.
    expect(await burst('a', token.secret, 2)).toEqual([429, 429]);
    expect(h.clock.now() - start).toBe(lapsedMs);
  });

  it('spends a reservation still in time, within the limit', async () => {
    const token = await h.token(userId, { rateLimit: 60 });
    const instants: number[] = [];
    for (let index = 0; index < 3; index++) {
      expect(await credits('a', token.secret)).toBe(200);
      instants.push(h.clock.now());
    }
    // One second on, A's spare admissions (all but the one the 3rd request spent) are still good;
    // B gets what the window has left.
    const spares = sparesOf(60);
    h.clock.advance(1_000);
    const fromB = admitted(await burst('b', token.secret, 70));
    const fromA = admitted(await burst('a', token.secret, spares + 2));
    expect(fromA).toBe(spares - 1);
    expect(fromB).toBe(59 - spares);
    instants.push(...Array<number>(fromA + fromB).fill(h.clock.now()));
    expect(conforms(instants, 60)).toBe(true);
  });

  it('drops what it holds when the limit changes: a lowered limit holds from the next request', async () => {
    const token = await h.token(userId, { rateLimit: 1_000 });
    expect([await credits('a', token.secret), await credits('a', token.secret)]).toEqual([200, 200]);
    // A now holds 50 spares taken at 60 ms apart; at 2 per minute the window has room for one more.
    await h.test.database.kysely.updateTable('api_tokens').set({ rate_limit: 2 }).where('id', '=', token.id).execute();
    expect(admitted(await burst('a', token.secret, 5))).toBe(1);
  });

  it('never admits more than one exact limiter would, whatever the interleaving of the two instances', async () => {
    // Limits low enough for the steps to use them up (where a wrong reservation would show), high
    // enough for spare admissions (1 and 2 on Postgres, 5 and 10 on PGlite); pauses from none to more
    // than a window.
    const pause = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 3_000, max: 70_000 }));
    const step = fc.record({ instance: fc.constantFrom<Instance>('a', 'b'), count: fc.integer({ min: 1, max: 12 }), advanceMs: pause });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(20, 40), fc.array(step, { minLength: 1, maxLength: 16 }), async (limit, steps) => {
        const token = await h.token(userId, { rateLimit: limit });
        const instants: number[] = [];
        for (const { instance, count, advanceMs } of steps) {
          h.clock.advance(advanceMs);
          const statuses = await burst(instance, token.secret, count);
          expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
          instants.push(...Array<number>(admitted(statuses)).fill(h.clock.now()));
        }
        expect(conforms(instants, limit)).toBe(true);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
