/**
 * `npm test`: everything, in order — typecheck, lint, i18n check, unit tests, server
 * integration tests on PGlite (and again on Postgres when DATABASE_URL is set), the JavaScript
 * budgets of `/` and the studio routes (scripts/check-js-budgets.ts, on the production build),
 * every benchmark's smoke run (tiny sizes, no figure asserted: `npm run bench -- --smoke`), then
 * the browser e2e suite against the production build served by the real server.
 */
import { spawnSync } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
}

const databaseUrl = process.env.DATABASE_URL;
const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
  { name: 'i18n check', command: 'npm', args: ['run', '-s', 'i18n:check'] },
  { name: 'unit tests', command: 'vitest', args: ['run', '--project', 'unit'] },
  { name: 'server tests (PGlite)', command: 'vitest', args: ['run', '--project', 'server'], env: { DATABASE_URL: undefined } },
  ...(databaseUrl ? [{ name: 'server tests (Postgres)', command: 'vitest', args: ['run', '--project', 'server'], env: { DATABASE_URL: databaseUrl } }] : []),
  { name: 'JavaScript budgets', command: 'node', args: ['scripts/check-js-budgets.ts'] },
  { name: 'benchmarks (smoke)', command: 'node', args: ['scripts/bench.ts', '--smoke'] },
  { name: 'browser e2e', command: 'node', args: ['scripts/e2e.ts'] },
];

let passed = 0;
const failed: string[] = [];
for (const step of steps) {
  const started = performance.now();
  console.log(`\n▶ ${step.name}`);
  const env = { ...process.env };
  for (const [key, value] of Object.entries(step.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    console.log(`✔ ${step.name} (${seconds} s)`);
  } else {
    failed.push(step.name);
    console.log(`✘ ${step.name} failed (${seconds} s)`);
    break; // Later steps build on earlier ones; stop at the first failure.
  }
}
if (!databaseUrl) console.log('\n(DATABASE_URL is not set: the server tests ran on PGlite only.)');
if (failed.length) console.log(`\nFailed: ${failed.join(', ')}`);
console.log(`\nsteps: ${passed} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
