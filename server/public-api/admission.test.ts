import { describe, expect, it } from 'vitest';
import { createAdmissions } from './admission.ts';
import type { LookupRequest, LookupRow, PublicApiRepository } from './repository.ts';

const NOW = Date.UTC(2026, 2, 10, 9, 0, 0);
const T_US = 60_000; // limit 1000 per minute

function row(hash: string, granted: number, baseUs: number | null): LookupRow {
  return {
    hash,
    id: `id-${hash}`,
    user_id: 'u',
    plan: 'pro',
    name: hash,
    token_prefix: 'atl_live_abcd',
    permissions: ['upscaler'],
    rate_limit: 1_000,
    credit_cap: null,
    webhook_url: null,
    expires_at: null,
    active: true,
    granted,
    base_us: baseUs,
    tat_us: baseUs === null ? null : baseUs + granted * T_US,
  };
}

/** A repository whose lookups wait until the test lets them answer; it grants what is wanted. */
function heldRepository() {
  const calls: Array<{ requests: LookupRequest[]; release: () => void }> = [];
  const repository: PublicApiRepository = {
    lookup: (requests) =>
      new Promise((resolve) => {
        calls.push({
          requests: [...requests],
          release: () => resolve(requests.map((request) => row(request.hash, request.want, request.want > 0 ? NOW * 1000 : null))),
        });
      }),
    usage: async () => undefined,
  };
  return { repository, calls };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('token lookups of the /v1 guard', () => {
  it('looks up the requests that arrived while a lookup ran in the next one, never in the one already sent', async () => {
    const { repository, calls } = heldRepository();
    const admissions = createAdmissions({ repository, now: () => NOW, apiPlans: ['pro'], admissible: () => true });
    const first = admissions.admit('a');
    await tick();
    expect(calls.map((call) => call.requests)).toEqual([[{ hash: 'a', want: 1 }]]);
    // Arrive while the first is out: they wait for it, then go together, one entry per token.
    const later = [admissions.admit('b'), admissions.admit('b'), admissions.admit('c')];
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect(await first).toMatchObject({ admitted: true, aheadUs: T_US });
    await tick();
    expect(calls.map((call) => call.requests)).toEqual([
      [{ hash: 'a', want: 1 }],
      [
        { hash: 'b', want: 2 },
        { hash: 'c', want: 1 },
      ],
    ]);
    calls[1]!.release();
    expect((await Promise.all(later)).map((admission) => [admission.token?.hash, admission.admitted, admission.aheadUs])).toEqual([
      ['b', true, T_US],
      ['b', true, 2 * T_US],
      ['c', true, T_US],
    ]);
  });

  it('refuses, without spending anything, a token that may not be admitted; answers undefined for an unknown hash', async () => {
    const { repository, calls } = heldRepository();
    const admissions = createAdmissions({ repository, now: () => NOW, apiPlans: ['pro'], admissible: (found) => found.hash !== 'inactive' });
    const answers = Promise.all([admissions.admit('inactive'), admissions.admit('ok')]);
    await tick();
    calls[0]!.release();
    await tick();
    calls[1]?.release();
    expect((await answers).map((admission) => admission.admitted)).toEqual([false, true]);
    const unknown: PublicApiRepository = { lookup: async () => [], usage: async () => undefined };
    expect(await createAdmissions({ repository: unknown, now: () => NOW, apiPlans: ['pro'], admissible: () => true }).admit('x')).toMatchObject({
      token: undefined,
      admitted: false,
    });
  });

  it('fails every request of a lookup that fails, and goes on with the next', async () => {
    let fail = true;
    const repository: PublicApiRepository = {
      lookup: async (requests) => {
        if (fail) throw new Error('database gone');
        return requests.map((request) => row(request.hash, request.want, NOW * 1000));
      },
      usage: async () => undefined,
    };
    const admissions = createAdmissions({ repository, now: () => NOW, apiPlans: ['pro'], admissible: () => true });
    await expect(Promise.all([admissions.admit('a'), admissions.admit('b')])).rejects.toThrow('database gone');
    fail = false;
    expect(await admissions.admit('a')).toMatchObject({ admitted: true });
  });

  it('answers from a kept token while its reserved admissions last, and never keeps one read before a change was heard', async () => {
    const { repository, calls } = heldRepository();
    const admissions = createAdmissions({ repository, now: () => NOW, apiPlans: ['pro'], admissible: () => true });
    admissions.keepTokens();
    const served = async () => {
      const answer = admissions.admit('a');
      await tick();
      calls.at(-1)?.release();
      return answer;
    };
    // First: reserves only itself; second: reserves 1 + 50 spares (limit 1,000 / 20), and is kept.
    await served();
    await served();
    expect(calls.map((call) => call.requests)).toEqual([[{ hash: 'a', want: 1 }], [{ hash: 'a', want: 51 }]]);
    for (let i = 0; i < 5; i++) expect(await admissions.admit('a')).toMatchObject({ admitted: true });
    expect(calls).toHaveLength(2);

    // A change heard: the next request reads the token again (a plain read: its slots are still there).
    admissions.tokensChanged();
    await served();
    expect(calls.at(-1)!.requests).toEqual([{ hash: 'a', want: 0 }]);
    // A change heard while a read is out: what that read brought back is used once, not kept.
    admissions.tokensChanged();
    const racing = admissions.admit('a');
    await tick();
    admissions.tokensChanged();
    calls.at(-1)!.release();
    expect(await racing).toMatchObject({ admitted: true });
    await served();
    expect(calls).toHaveLength(5);
    // Read after the change: kept again.
    expect(await admissions.admit('a')).toMatchObject({ admitted: true });
    expect(calls).toHaveLength(5);
  });

  it("reads every request's token unless told to keep them", async () => {
    const { repository, calls } = heldRepository();
    const admissions = createAdmissions({ repository, now: () => NOW, apiPlans: ['pro'], admissible: () => true });
    for (let i = 0; i < 4; i++) {
      const answer = admissions.admit('a');
      await tick();
      calls.at(-1)!.release();
      expect(await answer).toMatchObject({ admitted: true });
    }
    expect(calls.map((call) => call.requests[0]!.want)).toEqual([1, 51, 0, 0]);
  });
});
