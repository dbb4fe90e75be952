/**
 * `npm test`: everything, in order — typecheck, lint, i18n check, unit tests, server
 * integration tests on PGlite (and again on Postgres when DATABASE_URL is set), the JavaScript
 * budgets of `/` and the studio routes (scripts/check-js-budgets.ts, on the production build),
 * every benchmark's smoke run (tiny sizes, no figure asserted: `npm run bench -- --smoke`), then
 * the browser e2e suite against the production build served by the real server.
 *
 * The two server suites run side by side: each runs its files one at a time on its own database,
 * so together they keep both cores busy (on this 2-core machine kind one after the other took
 * 13 + 11 minutes). The PGlite run prints as it goes; the Postgres run's output is kept and
 * printed whole when it ends, so the two never interleave.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  /** Runs beside the step before it, its output kept and printed when it ends. */
  besidePrevious?: boolean;
}

const databaseUrl = process.env.DATABASE_URL;
const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
  { name: 'i18n check', command: 'npm', args: ['run', '-s', 'i18n:check'] },
  { name: 'unit tests', command: 'vitest', args: ['run', '--project', 'unit'] },
  { name: 'server tests (PGlite)', command: 'vitest', args: ['run', '--project', 'server'], env: { DATABASE_URL: undefined } },
  ...(databaseUrl
    ? [{ name: 'server tests (Postgres)', command: 'vitest', args: ['run', '--project', 'server'], env: { DATABASE_URL: databaseUrl }, besidePrevious: true }]
    : []),
  { name: 'JavaScript budgets', command: 'node', args: ['scripts/check-js-budgets.ts'] },
  { name: 'benchmarks (smoke)', command: 'node', args: ['scripts/bench.ts', '--smoke'] },
  { name: 'browser e2e', command: 'node', args: ['scripts/e2e.ts'] },
];

interface Outcome {
  ok: boolean;
  seconds: string;
  /** What the step printed, when it was kept rather than shown as it came. */
  output: string;
}

/** Runs one step: its output shown as it comes, or kept (`quiet`) and handed back. */
function run(step: Step, quiet: boolean): Promise<Outcome> {
  const started = performance.now();
  const env = { ...process.env };
  for (const [key, value] of Object.entries(step.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(step.command, step.args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    const done = (ok: boolean) => resolve({ ok, seconds: ((performance.now() - started) / 1000).toFixed(1), output: Buffer.concat(chunks).toString('utf8') });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${String(error)}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

// Steps in order; a step marked besidePrevious joins the one before it in a group that runs at once.
const groups: Step[][] = [];
for (const step of steps) {
  const last = groups.at(-1);
  if (step.besidePrevious && last) last.push(step);
  else groups.push([step]);
}

let passed = 0;
const failed: string[] = [];
for (const group of groups) {
  console.log(`\n▶ ${group.map((step) => step.name).join(' ‖ ')}`);
  const outcomes = await Promise.all(group.map((step, index) => run(step, index > 0)));
  group.forEach((step, index) => {
    const outcome = outcomes[index]!;
    if (index > 0) console.log(`\n▶ ${step.name} (ran beside ${group[0]!.name})\n${outcome.output}`);
    if (outcome.ok) {
      passed += 1;
      console.log(`✔ ${step.name} (${outcome.seconds} s)`);
    } else {
      failed.push(step.name);
      console.log(`✘ ${step.name} failed (${outcome.seconds} s)`);
    }
  });
  if (failed.length) break; // Later steps build on earlier ones; stop at the first failure.
}
if (!databaseUrl) console.log('\n(DATABASE_URL is not set: the server tests ran on PGlite only.)');
if (failed.length) console.log(`\nFailed: ${failed.join(', ')}`);
console.log(`\nsteps: ${passed} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
