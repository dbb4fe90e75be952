import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import type { UsageBatch, UsageRepository } from './usage-repository.ts';
import { createUsageRecorder, PRUNE_EVERY } from './usage.ts';

const START = Date.UTC(2026, 2, 10, 9, 0, 5);
const HOUR_MS = 3_600_000;

/** What the recorder reads of a request's context. */
const request = (path: string) => ({ req: { method: 'GET', url: `https://atelier.test${path}` }, get: () => 'req-1' }) as unknown as Context;

function recorder(write: (batch: UsageBatch) => Promise<string[]> = async () => []) {
  let now = START;
  const batches: UsageBatch[] = [];
  const warnings: unknown[] = [];
  const repository: UsageRepository = {
    write: async (batch) => {
      batches.push(batch);
      return write(batch);
    },
  };
  const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
  const usage = createUsageRecorder({ repository, logger, now: () => now, flushMs: HOUR_MS });
  return { usage, batches, warnings, advance: (ms: number) => void (now += ms) };
}

describe('the usage buffer', () => {
  it('writes the last use of a token at most once a minute, with the minute of its latest request', async () => {
    const { usage, batches, advance } = recorder();
    usage.record(request('/v1/credits'), 'tok', 200, 0);
    advance(20_000);
    usage.record(request('/v1/credits'), 'tok', 200, 0);
    await usage.flush();
    advance(20_000); // same minute
    usage.record(request('/v1/credits'), 'tok', 200, 0);
    await usage.flush();
    advance(30_000); // the next minute
    usage.record(request('/v1/credits'), 'tok', 200, 0);
    await usage.flush();
    const minute = Math.floor(START / 60_000) * 60_000;
    expect(batches.map((batch) => batch.touches)).toEqual([[{ tokenId: 'tok', minuteMs: minute }], [], [{ tokenId: 'tok', minuteMs: minute + 60_000 }]]);
    expect(batches.map((batch) => batch.entries.length)).toEqual([2, 1, 1]);
    await usage.close();
  });

  it(`asks for a token's log to be pruned once it has logged ${PRUNE_EVERY} rows since the last prune`, async () => {
    const { usage, batches } = recorder();
    for (let flush = 0; flush < 5; flush++) {
      for (let index = 0; index < 5; index++) usage.record(request('/v1/credits'), 'tok', 200, 0);
      await usage.flush();
    }
    // 5, 10, 15, 20 → prune (and back to 0), 5.
    expect(batches.map((batch) => batch.prune)).toEqual([[], [], [], ['tok'], []]);
    await usage.close();
  });

  it('tries a failed batch once more, then logs what it lost and goes on', async () => {
    let failures = 3;
    const { usage, batches, warnings } = recorder(async () => {
      if (failures-- > 0) throw new Error('database gone');
      return [];
    });
    usage.record(request('/v1/credits'), 'tok', 200, 0);
    await usage.flush();
    expect(batches).toHaveLength(2);
    expect(warnings).toHaveLength(1);
    usage.record(request('/v1/credits'), 'tok', 200, 0);
    await usage.flush();
    expect(batches).toHaveLength(4);
    expect(batches.at(-1)?.entries).toHaveLength(1);
    await usage.close();
  });
});
