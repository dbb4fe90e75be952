import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createHealthService } from './service.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('health service', () => {
  it('shares one round of checks among concurrent probes, then checks afresh', async () => {
    let pings = 0;
    let gate = deferred();
    const service = createHealthService({
      repository: {
        ping: async () => {
          pings += 1;
          await gate.promise;
        },
      },
      driver: 'pglite',
      queue: { ready: async () => true },
      version: 'test',
      startedAt: Date.now(),
      logger: pino({ level: 'silent' }),
    });
    const burst = [service.check(), service.check(), service.check()];
    gate.resolve();
    const answers = await Promise.all(burst);
    expect(pings).toBe(1);
    expect(answers.every((a) => a.status === 'ok')).toBe(true);

    gate = deferred();
    const later = service.check();
    gate.resolve();
    await later;
    expect(pings).toBe(2);
  });
});
