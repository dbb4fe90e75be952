/**
 * `npm run lint` (after oxlint): the layering rules, the feature imports the architecture page
 * allows (#rule-feature-imports), the import cycles between areas and files, the line limit, the
 * SQL rules over the server's code (only repositories run SQL, only server/credits/ names the
 * ledger: scripts/structure-sql.ts), no error text outside a catalogue (only server/http/api-error.ts
 * writes `new ApiError`), the contract's naming convention (only `*.schema.ts` modules
 * load valibot; plain modules and the public pages load none: scripts/structure-contract.ts) and a line on the architecture page for every folder of
 * server/, src/, src/features/ and src/lib/, over `src/`, `sw/`, `server/`, `scripts/` and
 * `tests/` (SCANNED_FOLDERS; rules in scripts/structure-rules.ts).
 *
 * Exits 1 naming each breach (file:line and why), each loop of areas, with one import per edge of
 * the loop to show where to cut it, and each file over the line limit. `--report` prints the
 * figures and every breach, and exits 0.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { ledgerOutsideCredits, sqlOutsideRepositories } from './structure-sql.ts';
import { contractBreaches } from './structure-contract.ts';
import {
  areaCycles,
  DOCUMENTED_FOLDERS,
  featureImportBreaches,
  fileCycles,
  layerBreaches,
  longFiles,
  parseFeatureImports,
  SCANNED_FOLDERS,
  uncodedErrors,
  undocumentedFolders,
  type ImportEdge,
  type ImportGraph,
} from './structure-rules.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx)$/;

function walk(folder: string, into: string[]): void {
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) walk(full, into);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.gen.ts')) into.push(full);
  }
}

const toRepo = (full: string) => relative(ROOT, full).split(sep).join('/');

/** The repository file a relative specifier names, or null when it is not one of ours. */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const bare = specifier.replace(/[?#].*$/, '');
  const base = posix.normalize(posix.join(posix.dirname(fromFile), bare));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const full = join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return base;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Line counts of the files the graph was built from. */
const lineCounts = new Map<string, number>();
/** The text of the server's files, for the SQL rules. */
const serverSources = new Map<string, string>();

export function buildGraph(): ImportGraph {
  const files: string[] = [];
  for (const folder of SCANNED_FOLDERS) walk(join(ROOT, folder), files);
  const graph = new Map<string, ImportEdge[]>();
  for (const full of files) {
    const file = toRepo(full);
    const text = readFileSync(full, 'utf8');
    lineCounts.set(file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
    if (file.startsWith('server/')) serverSources.set(file, text);
    const { module, errors } = parseSync(file, text, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
    if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
    const edges: ImportEdge[] = [];
    const add = (specifier: string, offset: number, typeOnly: boolean, dynamic = false) => {
      const relativeSpecifier = specifier.startsWith('.');
      edges.push({ specifier, target: relativeSpecifier ? resolveRelative(file, specifier) : null, typeOnly, line: lineAt(text, offset), dynamic });
    };
    for (const item of module.staticImports) {
      const typeOnly = item.entries.length > 0 && item.entries.every((entry) => entry.isType);
      add(item.moduleRequest.value, item.start, typeOnly);
    }
    for (const item of module.staticExports) {
      const request = item.entries.find((entry) => entry.moduleRequest)?.moduleRequest;
      if (request)
        add(
          request.value,
          item.start,
          item.entries.every((entry) => entry.isType),
        );
    }
    for (const item of module.dynamicImports) {
      const literal = text.slice(item.moduleRequest.start, item.moduleRequest.end);
      const match = /^(['"`])([^'"`$]+)\1$/.exec(literal.trim());
      if (match) add(match[2]!, item.start, false, true);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The subfolders of the folders the architecture page lists. */
function documentedFolders(): string[] {
  return DOCUMENTED_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${folder}/${entry.name}`),
  );
}

function main(): void {
  const graph = buildGraph();
  const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const breaches = [
    ...layerBreaches(graph),
    ...contractBreaches(graph),
    ...featureImportBreaches(graph, parseFeatureImports(architecture)),
    ...sqlOutsideRepositories(serverSources),
    ...ledgerOutsideCredits(serverSources),
    ...uncodedErrors(serverSources),
    ...undocumentedFolders(documentedFolders(), architecture),
  ];
  const areas = areaCycles(graph);
  const files = fileCycles(graph);
  const long = longFiles(lineCounts);
  if (process.argv.includes('--report')) {
    console.log(
      `${graph.size} files; ${breaches.length} rule breaches; ${areas.length} area cycles; ${files.length} file cycles; ${long.length} files over the line limit`,
    );
    for (const breach of breaches) console.log(`breach: ${breach.file}:${breach.line}: ${breach.message}`);
    for (const cycle of areas) console.log(`area cycle: ${cycle.areas.join(' ↔ ')}`);
    for (const file of long) console.log(`long: ${file.file} ${file.message}`);
    return;
  }
  for (const breach of breaches) console.error(`${breach.file}:${breach.line}: ${breach.message}`);
  for (const cycle of areas) {
    console.error(`import cycle between areas: ${cycle.areas.join(' ↔ ')}`);
    for (const edge of cycle.imports) console.error(`  ${edge.file}:${edge.line}: ${edge.message}`);
  }
  for (const cycle of files) console.error(`import cycle between files: ${cycle.join(' ↔ ')}`);
  for (const file of long) console.error(`${file.file}: ${file.message}`);
  const problems = breaches.length + areas.length + files.length + long.length;
  if (problems) {
    console.error(`\n${problems} structure problem(s); the rules are in scripts/structure-rules.ts and docs/architecture.md.`);
    process.exit(1);
  }
}

if (process.argv[1] && dirname(fileURLToPath(import.meta.url)) === dirname(process.argv[1]) && process.argv[1].endsWith('lint-structure.ts')) main();
