/** A bad environment stops the real entry point with a one-line message, status 1, no stack. */
import { describe, expect, it } from 'vitest';
import { runChild } from './helpers/spawn.ts';

const cases = [
  { name: 'PORT', value: 'abc', rule: 'must be an integer between 0 and 65535 (got "abc")' },
  { name: 'PORT', value: '70000', rule: 'must be an integer between 0 and 65535 (got "70000")' },
  { name: 'DATABASE_URL', value: 'mysql://user:hunter2@db/app', rule: 'must be a postgres:// or postgresql:// URL (got "mysql://user:***@db/app")' },
  { name: 'WORKERS', value: '-1', rule: 'must be an integer ≥ 0 (got "-1")' },
];

describe('configuration errors', () => {
  for (const { name, value, rule } of cases) {
    it(`exits 1 naming ${name} when it is ${JSON.stringify(value)}`, async () => {
      const run = runChild({ [name]: value, DATA_DIR: '/nonexistent/never-created' });
      const exit = await run.exited;
      expect(exit).toEqual({ code: 1, signal: null });
      expect(run.stderr().trim()).toBe(`Invalid environment: ${name} ${rule}`);
      // No stack trace, no password, and nothing started.
      expect(run.stderr()).not.toMatch(/\n\s+at\s/);
      expect(run.stderr()).not.toContain('hunter2');
      expect(run.stdout()).toBe('');
    });
  }

  it('names every offending variable at once', async () => {
    const run = runChild({ PORT: 'x', WORKERS: 'two', TRUST_PROXY: 'yes' });
    expect((await run.exited).code).toBe(1);
    const message = run.stderr().trim();
    expect(message.startsWith('Invalid environment: ')).toBe(true);
    for (const name of ['PORT', 'WORKERS', 'TRUST_PROXY']) expect(message).toContain(`${name} must be`);
  });
});
