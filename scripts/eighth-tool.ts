/**
 * An eighth tool, for trying what a new studio costs (docs/architecture.md#tool-catalogue): the
 * tool catalogue's source (src/contract/tools.ts) with one more entry and the facts of its job.
 *
 * - scripts/tool-catalogue.test.ts loads that source in place of the catalogue and checks that
 *   every derived list (the routes of the budgets, the crawlers' rules, the notifications' words,
 *   the share target's choices, the server's price list and time limits, the public cards) has it;
 * - `npx node scripts/eighth-tool.ts` typechecks a scratch copy of the project with it and prints
 *   the files the typecheck sends a new studio to (the tables of words, icons and screens keyed by
 *   the catalogue's ids), which the other places of a studio come on top of (its screen's folder,
 *   its route file, its engines' runners).
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const CATALOGUE_PATH = join(ROOT, 'src/contract/tools.ts');

/** The eighth tool: a studio with one mode, a landing page, a legacy page and a shared-photo input. */
export const EIGHTH_TOOL = {
  id: 'pattern-maker',
  share: { rank: 7, roles: ['garment'] },
  names: { vi: 'Tạo rập may', en: 'Pattern Maker' },
  timeoutSeconds: 450,
  expected: { local: [1, 7], fal: [60, 90] },
} as const;

const t = EIGHTH_TOOL;
const ENTRY = `  {
    id: '${t.id}',
    landing: true,
    legacy: true,
    share: { rank: ${t.share.rank}, roles: ['${t.share.roles[0]}'] },
    cardPrice: { credits: CREDIT_PRICES.hairstyle, per: 'look' },
    modes: [{ feature: '${t.id}', expected: { local: [${t.expected.local.join(', ')}], fal: [${t.expected.fal.join(', ')}] } }],
  },
`;
const FACTS = `  '${t.id}': { names: { vi: '${t.names.vi}', en: '${t.names.en}' }, timeoutSeconds: ${t.timeoutSeconds}, pricedPer: 'job', unitPrice: 'hairstyle', planGates: [] },
`;

const END = '] as const satisfies readonly ToolEntry[];';
const FACTS_END = '} as const satisfies { [F in Feature]: ModeFacts };';

/**
 * The catalogue's source with the eighth tool last; `importsFrom` makes its relative imports
 * absolute (a copy loaded from elsewhere).
 */
export function withEighthTool(source: string, importsFrom?: string): string {
  for (const end of [END, FACTS_END]) if (!source.includes(end)) throw new Error(`the catalogue has no "${end}"`);
  const added = source.replace(END, `${ENTRY}${END}`).replace(FACTS_END, `${FACTS}${FACTS_END}`);
  return importsFrom ? added.replaceAll(/from '\.\/([^']+)'/g, (_, file: string) => `from '${join(importsFrom, file)}'`) : added;
}

/**
 * Errors that ask for the new tool itself: a table keyed by the tools without its key, a switch
 * over them without its case, an order of every studio without it, a type that must cover it.
 * The others (an index into such a table, a type built from it) go once it is filled.
 */
const ASKS_FOR_THE_TOOL = /error TS(2741|2366|2345|2322):/;

/** The four typecheck projects (npm run typecheck). */
const PROJECTS = ['tsconfig.app.json', 'tsconfig.sw.json', 'tsconfig.server.json', 'tsconfig.node.json'];

/** Typechecks a scratch copy of the project with the eighth tool: the files with errors, each once (and the errors). */
export async function filesTheTypecheckNames(): Promise<{ files: string[]; toFill: string[]; errors: string[] }> {
  const scratch = await mkdtemp(join(tmpdir(), 'atelier-eighth-tool-'));
  try {
    for (const entry of [
      'src',
      'server',
      'sw',
      'scripts',
      'tests',
      'package.json',
      'vite.config.ts',
      'vitest.config.ts',
      'lingui.config.ts',
      'playwright.config.ts',
    ]) {
      await cp(join(ROOT, entry), join(scratch, entry), { recursive: true });
    }
    for (const project of [...PROJECTS, 'tsconfig.base.json']) await cp(join(ROOT, project), join(scratch, project));
    await symlink(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
    const catalogue = join(scratch, 'src/contract/tools.ts');
    await writeFile(catalogue, withEighthTool(await readFile(catalogue, 'utf8')));
    const files = new Set<string>();
    const toFill = new Set<string>();
    const errors: string[] = [];
    for (const project of PROJECTS) {
      const run = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', project, '--pretty', 'false'], { cwd: scratch, encoding: 'utf8' });
      for (const match of run.stdout.matchAll(/^([^\s(][^(]*)\(\d+,\d+\): error.*$/gm)) {
        files.add(match[1]!);
        if (ASKS_FOR_THE_TOOL.test(match[0])) toFill.add(match[1]!);
        errors.push(match[0]);
      }
    }
    return { files: [...files].toSorted(), toFill: [...toFill].toSorted(), errors: [...new Set(errors)] };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { files, toFill, errors } = await filesTheTypecheckNames();
  console.log(`An eighth tool in the catalogue: the typecheck fails in ${files.length} file(s), ${toFill.length} of them asking for the tool itself:`);
  for (const file of files) console.log(`  ${toFill.includes(file) ? 'fill  ' : 'follows'} ${file}`);
  if (process.argv.includes('--errors')) for (const error of errors) console.log(error);
}
