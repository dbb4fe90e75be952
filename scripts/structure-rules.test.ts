import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  areaCycles,
  areaOf,
  cyclesOf,
  featureImportBreaches,
  fileCycles,
  layerBreaches,
  longFiles,
  MAX_FILE_LINES,
  packageName,
  parseFeatureImports,
  SCANNED_FOLDERS,
  uncodedErrors,
  undocumentedFolders,
  type ImportEdge,
} from './structure-rules.ts';
import { ledgerOutsideCredits, scanSql, sqlOutsideRepositories } from './structure-sql.ts';
import { contractBreaches, PUBLIC_CODE, SCHEMA_EXCEPTIONS } from './structure-contract.ts';

const file = (target: string, options: Partial<ImportEdge> = {}): ImportEdge => ({ specifier: `./${target}`, target, typeOnly: false, line: 1, ...options });
const pkg = (specifier: string, options: Partial<ImportEdge> = {}): ImportEdge => ({ specifier, target: null, typeOnly: false, line: 1, ...options });
const graphOf = (entries: Record<string, ImportEdge[]>) => new Map(Object.entries(entries));

describe('layerBreaches', () => {
  it('lets each layer import what it may', () => {
    const graph = graphOf({
      'src/contract/jobs.ts': [pkg('valibot'), file('src/contract/input.schema.ts')],
      'src/kernel/job-watch.ts': [pkg('idb-keyval'), file('src/contract/jobs.ts')],
      'sw/jobs.ts': [file('src/kernel/job-watch.ts'), file('src/contract/jobs.ts'), file('sw/texts.ts'), pkg('workbox-routing')],
      'server/app.ts': [file('src/contract/jobs.ts'), file('server/http/errors.ts'), pkg('hono')],
      'src/ui/Modal.tsx': [file('src/lib/format.ts'), pkg('react')],
      'src/features/history/HistoryPage.tsx': [file('src/features/generations/api.ts'), file('src/ui/Modal.tsx')],
      // Tests may reach across layers to set things up.
      'src/ui/Modal.test.tsx': [file('src/features/history/HistoryPage.tsx')],
    });
    expect(layerBreaches(graph)).toEqual([]);
  });

  it('names a contract that imports another package or a feature', () => {
    const graph = graphOf({ 'src/contract/jobs.ts': [pkg('zod'), file('src/features/studio/registry.ts', { line: 3 })] });
    expect(layerBreaches(graph).map((b) => [b.line, b.message.split(':')[0]])).toEqual([
      [1, 'imports the package "zod"'],
      [3, 'imports src/features/studio/registry.ts'],
    ]);
  });

  it('names a worker module that imports a page module, and the server importing beyond the contract', () => {
    const graph = graphOf({
      'sw/jobs.ts': [file('src/lib/offline/job-watch.ts')],
      'server/app.ts': [file('src/lib/format.ts', { typeOnly: true })],
      'src/kernel/job-watch.ts': [file('src/lib/api.ts')],
    });
    expect(layerBreaches(graph).map((b) => b.file)).toEqual(['server/app.ts', 'src/kernel/job-watch.ts', 'sw/jobs.ts']);
  });

  it('names a UI primitive or a library module that imports a feature', () => {
    const graph = graphOf({
      'src/ui/Modal.tsx': [file('src/features/auth/AuthModal.tsx')],
      'src/lib/format.ts': [file('src/features/history/format.ts')],
      'src/features/auth/AuthModal.tsx': [file('server/auth/service.ts')],
    });
    expect(layerBreaches(graph).map((b) => b.file)).toEqual(['src/features/auth/AuthModal.tsx', 'src/lib/format.ts', 'src/ui/Modal.tsx']);
  });
});

describe('cycles', () => {
  it('finds every strongly connected component, long loops included', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set<string>()],
    ]);
    expect(cyclesOf(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('reports two features that import each other, with the imports to cut, and not a feature and the library', () => {
    const graph = graphOf({
      'src/features/assets/library/Tile.tsx': [file('src/features/studio/shell/incoming.ts'), file('src/lib/format.ts')],
      'src/features/studio/shell/incoming.ts': [file('src/features/assets/api.ts', { typeOnly: true, line: 7 })],
      'src/features/assets/api.ts': [],
      'src/lib/format.ts': [],
    });
    const cycles = areaCycles(graph);
    expect(cycles.map((c) => c.areas)).toEqual([['src/features/assets', 'src/features/studio']]);
    expect(cycles[0]!.imports.map((i) => `${i.file}:${i.line}`).toSorted()).toEqual([
      'src/features/assets/library/Tile.tsx:1',
      'src/features/studio/shell/incoming.ts:7',
    ]);
  });

  it('counts runtime imports only for file cycles', () => {
    const graph = graphOf({
      'server/http/errors.ts': [file('server/http/body-limit.ts')],
      'server/http/body-limit.ts': [file('server/http/errors.ts', { typeOnly: true })],
    });
    expect(fileCycles(graph)).toEqual([]);
    graph.set('server/http/body-limit.ts', [file('server/http/errors.ts')]);
    expect(fileCycles(graph)).toEqual([['server/http/body-limit.ts', 'server/http/errors.ts']]);
  });

  it('gives each feature and folder its area, and none to the composition roots', () => {
    expect(areaOf('src/features/assets/library/Tile.tsx')).toBe('src/features/assets');
    expect(areaOf('src/lib/format.ts')).toBe('src/lib');
    expect(areaOf('src/main.tsx')).toBeNull();
    expect(areaOf('server/app.ts')).toBeNull();
    expect(areaOf('server/auth/guard.ts')).toBe('server/auth');
    expect(areaOf('sw/jobs.ts')).toBe('sw');
  });

  it('names packages without their subpath', () => {
    expect(packageName('@tanstack/react-query/build')).toBe('@tanstack/react-query');
    expect(packageName('valibot')).toBe('valibot');
    expect(packageName('node:fs/promises')).toBe('node:fs');
  });
});

describe('longFiles', () => {
  it('names a source file over the limit, but not a test, nor a listed algorithm file', () => {
    const counts = new Map([
      ['src/features/history/HistoryPage.tsx', MAX_FILE_LINES + 1],
      ['src/features/history/HistoryPage.test.tsx', 900],
      ['server/engines/local/pixels.ts', MAX_FILE_LINES + 82],
      ['src/lib/format.ts', MAX_FILE_LINES],
    ]);
    expect(longFiles(counts).map((b) => b.file)).toEqual(['src/features/history/HistoryPage.tsx']);
    expect(longFiles(counts, MAX_FILE_LINES, {}).map((b) => b.file)).toEqual(['server/engines/local/pixels.ts', 'src/features/history/HistoryPage.tsx']);
  });

  it('holds test helpers and fixtures to the limit, but not the suites (*.test.ts, *.spec.ts), and reads tests/', () => {
    const counts = new Map([
      ['tests/server/helpers/fake-fal.ts', MAX_FILE_LINES + 24],
      ['tests/fixtures/engines/images.ts', MAX_FILE_LINES + 1],
      ['tests/server/hostile-input.test.ts', 514],
      ['tests/e2e/auth.spec.ts', 900],
      ['scripts/structure-rules.test.ts', 600],
      ['tests/server/helpers/app.ts', MAX_FILE_LINES],
    ]);
    expect(longFiles(counts).map((b) => b.file)).toEqual(['tests/fixtures/engines/images.ts', 'tests/server/helpers/fake-fal.ts']);
    expect(SCANNED_FOLDERS).toContain('tests');
  });
});

const sourcesOf = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('sqlOutsideRepositories', () => {
  const planted = [
    "import { sql } from 'kysely';",
    'export async function plant(db: Db, id: string) {',
    '  const rows = await sql<{ n: number }>`select 1 as n`.execute(db);',
    "  await db.updateTable('users').set({ plan: 'pro' }).where('id', '=', id).execute();",
    "  await pglite.query('SELECT now()');",
    '  return rows;',
    '}',
  ].join('\n');

  it('names each statement a route, a service or any other file runs outside a repository', () => {
    const breaches = sqlOutsideRepositories(sourcesOf({ 'server/billing/routes.ts': planted }));
    expect(breaches.map((b) => [b.file, b.line, b.message.split(' outside')[0]])).toEqual([
      ['server/billing/routes.ts', 3, 'runs SQL (sql`…`)'],
      ['server/billing/routes.ts', 4, 'runs SQL (.updateTable(…))'],
      ['server/billing/routes.ts', 5, 'runs SQL (.query("SELECT …"))'],
    ]);
  });

  it('lets repositories, the database layer, the ledger and test files run SQL', () => {
    const sources = sourcesOf({
      'server/billing/repository.ts': planted,
      'server/public-api/usage-repository.ts': planted,
      'server/db/migrate.ts': planted,
      'server/credits/ledger.ts': planted,
      'server/billing/fulfil.test.ts': planted,
      'tests/server/billing-plans.test.ts': planted,
      'scripts/bench-seed.ts': planted,
    });
    expect(sqlOutsideRepositories(sources)).toEqual([]);
    // A listed exception stays one only while listed.
    expect(sqlOutsideRepositories(sourcesOf({ 'server/queue/pglite-adapter.ts': planted }))).toEqual([]);
    expect(sqlOutsideRepositories(sourcesOf({ 'server/queue/pglite-adapter.ts': planted }), {})).toHaveLength(3);
  });

  it("does not take a request's query, a regular expression, a comment or a word in a string for SQL", () => {
    const text = [
      "// db.selectFrom('users') in a comment, and sql`select 1`",
      "const page = c.req.query('page');",
      'const match = /^bytes=(\\d*)-(\\d*)$/.exec(header);',
      "const words = 'select a plan, then insertInto the cart';",
      'const query = client.query(text, values);',
    ].join('\n');
    expect(scanSql('server/media/routes.ts', text).sites).toEqual([]);
  });
});

describe('ledgerOutsideCredits', () => {
  it('names SQL text that reads or writes credit_ledger outside server/credits/', () => {
    const sources = new Map([
      ['server/billing/activity.ts', 'const rows = await sql`select amount from credit_ledger where user_id = ${id}`.execute(db);'],
      ['server/dev-tools/routes.ts', "await db.insertInto('credit_ledger').values(row).execute();"],
      // A repository of another area may run SQL, but not on the ledger.
      ['server/billing/repository.ts', "const rows = await db.selectFrom('credit_ledger').selectAll().execute();"],
      ['server/credits/ledger.ts', "await db.insertInto('credit_ledger').values(row).execute();"],
      ['server/db/schema.ts', "export interface Tables { 'credit_ledger': CreditLedgerTable }"],
      ['server/generations/service.ts', '// the reservation is a credit_ledger row, written through server/credits/ledger.ts'],
      ['tests/server/credit-ledger.test.ts', "await db.selectFrom('credit_ledger').selectAll().execute();"],
    ]);
    expect(ledgerOutsideCredits(sources).map((b) => `${b.file}:${b.line}`)).toEqual([
      'server/billing/activity.ts:1',
      'server/billing/repository.ts:1',
      'server/dev-tools/routes.ts:1',
    ]);
  });
});

describe('uncodedErrors', () => {
  const planted = [
    "import { ApiError } from '../http/errors.ts';",
    'export function plant(found: boolean) {',
    "  if (!found) throw new ApiError(404, 'Picture not found.');",
    "  return found ? null : new  ApiError (422, 'Only an image can be a profile picture.');",
    '}',
  ].join('\n');

  it('names each ApiError a route or a service builds with its own text', () => {
    const breaches = uncodedErrors(sourcesOf({ 'server/media/profile-picture.ts': planted, 'server/http/cursor.ts': planted }));
    expect(breaches.map((b) => `${b.file}:${b.line}`)).toEqual([
      'server/http/cursor.ts:3',
      'server/http/cursor.ts:4',
      'server/media/profile-picture.ts:3',
      'server/media/profile-picture.ts:4',
    ]);
    expect(breaches[0]!.message).toContain('codedErrors');
  });

  it('lets the file declaring ApiError, tests and the client build them; a coded error passes', () => {
    const sources = sourcesOf({
      'server/http/api-error.ts': planted,
      'server/http/api-error.test.ts': planted,
      'tests/server/profile-picture.test.ts': planted,
      'src/lib/api.ts': planted,
      'server/media/cursors.ts': "throw mediaError(422, 'invalidDay', { values: { field } });",
    });
    expect(uncodedErrors(sources)).toEqual([]);
  });
});

describe('featureImportBreaches', () => {
  const table = [
    '<a id="rule-feature-imports"></a>',
    '### Features importing features',
    '',
    '| From | May import | Why |',
    '| --- | --- | --- |',
    '| any feature | `src/features/generations` | the data home of jobs |',
    '| `src/features/profile` | `src/features/auth` | the profile edits the account with the sign-in forms |',
    '',
    '<a id="next"></a>',
    '| `src/features/history` | `src/features/studio` | a table after the section is not read |',
  ].join('\n');

  it('reads the one list from the architecture page', () => {
    expect(parseFeatureImports(table)).toEqual([
      { from: 'any feature', to: 'src/features/generations' },
      { from: 'src/features/profile', to: 'src/features/auth' },
    ]);
    expect(() => parseFeatureImports('| `src/features/a` | b | why |')).toThrow(/rule-feature-imports/);
    expect(() => parseFeatureImports(table.replace('`src/features/auth`', 'auth'))).toThrow(/a row is not/);
  });

  it('names an import of another feature the list does not allow, and lets the allowed ones, tests and own files pass', () => {
    const graph = graphOf({
      'src/features/history/HistoryItem.tsx': [
        file('src/features/studio/shell/HistoryPanel.tsx', { line: 14 }),
        file('src/features/generations/api.ts'),
        file('src/features/history/filters.ts'),
        file('src/lib/format.ts'),
      ],
      'src/features/profile/ProfilePage.tsx': [file('src/features/auth/api.ts')],
      'src/features/auth/SignIn.tsx': [file('src/features/profile/api.ts', { typeOnly: true, line: 3 })],
      'src/features/history/HistoryItem.test.tsx': [file('src/features/assets/api.ts')],
      'src/routes/history.tsx': [file('src/features/history/HistoryPage.tsx')],
    });
    expect(featureImportBreaches(graph, parseFeatureImports(table)).map((b) => `${b.file}:${b.line}: ${b.message.split(' (')[0]}`)).toEqual([
      'src/features/auth/SignIn.tsx:3: imports src/features/profile/api.ts: src/features/auth may not import src/features/profile',
      'src/features/history/HistoryItem.tsx:14: imports src/features/studio/shell/HistoryPanel.tsx: src/features/history may not import src/features/studio',
    ]);
  });

  it('holds the real tree to the real page', () => {
    const rows = parseFeatureImports(readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8'));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows).toContainEqual({ from: 'any feature', to: 'src/features/registry' });
  });
});

describe('undocumentedFolders', () => {
  it('names a folder the architecture page does not describe', () => {
    const page = '| `server/billing/` | payments |\n`src/features/blog/`, `src/lib/offline/`';
    expect(
      undocumentedFolders(['server/billing', 'server/newsletter', 'src/features/blog', 'src/lib/offline'], page).map((b) => b.message.split(':')[0]),
    ).toEqual(['does not describe server/newsletter/']);
  });
});

describe('contractBreaches', () => {
  it('lets schema modules import valibot, plain modules import plain ones and types of schemas, and public code import plain modules', () => {
    const graph = graphOf({
      'src/contract/jobs.schema.ts': [pkg('valibot'), file('src/contract/jobs.ts')],
      'src/contract/jobs.ts': [file('src/contract/features.ts'), file('src/contract/jobs.schema.ts', { typeOnly: true })],
      'src/features/site/pages/Home.tsx': [file('src/contract/jobs.ts'), file('src/contract/jobs.schema.ts', { typeOnly: true })],
      'src/features/blog/interactive.ts': [
        file('src/features/blog/CommentThread.tsx', { dynamic: true }),
        file('src/contract/jobs.schema.ts', { dynamic: true }),
      ],
      'src/features/history/HistoryPage.tsx': [pkg('valibot'), file('src/contract/jobs.schema.ts')],
      'src/contract/jobs.test.ts': [pkg('valibot'), file('src/contract/jobs.schema.ts')],
      'src/features/site/pages/Home.test.tsx': [file('src/contract/jobs.schema.ts')],
    });
    expect(contractBreaches(graph)).toEqual([]);
  });

  it('names a contract module that imports valibot without being a .schema.ts', () => {
    const graph = graphOf({ 'src/contract/jobs.ts': [pkg('valibot', { line: 4 })] });
    expect(contractBreaches(graph).map((b) => `${b.file}:${b.line}: ${b.message.split(':')[0]}`)).toEqual(['src/contract/jobs.ts:4: imports valibot']);
  });

  it('names a plain contract module that loads a .schema.ts', () => {
    const graph = graphOf({ 'src/contract/jobs.ts': [file('src/contract/input.schema.ts', { line: 2 })] });
    expect(contractBreaches(graph).map((b) => `${b.file}:${b.line}: ${b.message.split(':')[0]}`)).toEqual([
      'src/contract/jobs.ts:2: imports src/contract/input.schema.ts',
    ]);
  });

  it.each(PUBLIC_CODE.map((entry) => (entry.endsWith('.tsx') ? entry : `${entry}/planted.ts`)))('names %s when it loads a schema or valibot', (planted) => {
    const graph = graphOf({ [planted]: [file('src/contract/jobs.schema.ts', { line: 3 }), pkg('valibot', { line: 5 })] });
    expect(contractBreaches(graph).map((b) => `${b.file}:${b.line}: ${b.message.split(':')[0]}`)).toEqual([
      `${planted}:3: imports src/contract/jobs.schema.ts`,
      `${planted}:5: imports valibot`,
    ]);
  });

  it('lets the listed exceptions load schemas, and only them, and names an exception that no longer does', () => {
    const graph = graphOf({
      'sw/jobs.ts': [file('src/contract/generations.schema.ts')],
      'sw/other.ts': [file('src/contract/generations.schema.ts')],
    });
    expect(contractBreaches(graph, PUBLIC_CODE, { 'sw/jobs.ts': 'a reason' }).map((b) => b.file)).toEqual(['sw/other.ts']);
    const stale = graphOf({ 'sw/jobs.ts': [file('src/contract/generations.ts'), file('src/contract/generations.schema.ts', { typeOnly: true })] });
    expect(contractBreaches(stale, PUBLIC_CODE, { 'sw/jobs.ts': 'a reason' }).map((b) => `${b.file}: ${b.message.split(':')[0]}`)).toEqual([
      'sw/jobs.ts: loads no schema',
    ]);
    expect(Object.keys(SCHEMA_EXCEPTIONS).every((excepted) => PUBLIC_CODE.some((entry) => excepted === entry || excepted.startsWith(`${entry}/`)))).toBe(true);
  });
});
