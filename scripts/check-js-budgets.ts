/**
 * `npm test` step: builds when the sources changed, then fails when a public page (`/`, the
 * pre-rendered pages, the blog) or a studio route loads more JavaScript than its budget
 * (scripts/js-budgets.ts), printing every route's figure and its largest files
 * (every file with `--files`; `--only=/a,/b` measures those routes alone).
 */
import { resolve } from 'node:path';
import { ensureChromium } from './chromium.ts';
import { ensureBuild } from './ensure-build.ts';
import { BUDGETS, checkBudgets, formatResults, kb } from './js-budgets.ts';
import { measureBuild } from './measure-js.ts';

const root = resolve(import.meta.dirname, '..');
const chromiumPath = ensureChromium();
await ensureBuild();
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const budgets = only ? BUDGETS.filter((budget) => only.includes(budget.route)) : BUDGETS;
const results = checkBudgets(await measureBuild(root, chromiumPath, budgets), budgets);
console.log('JavaScript per route (gzip -9 of what a cold browser fetched):');
for (const line of formatResults(results, { largest: process.argv.includes('--files') ? Infinity : 5 })) console.log(`  ${line}`);
const over = results.filter((r) => !r.ok);
if (over.length) {
  console.error(`\nOver budget: ${over.map((r) => `${r.route} by ${kb(r.bytes - r.limit)}`).join(', ')}`);
  process.exit(1);
}
