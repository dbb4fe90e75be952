/**
 * The layering rules of the code base, checked over the import graph (`npm run lint` runs them
 * through scripts/lint-structure.ts; docs/architecture.md explains why each exists).
 *
 * Pure functions over an already-built graph, so that a unit test can plant a breach or a cycle
 * and see it reported.
 */

/** One import of one file: what it names, and the repository file it resolved to (if relative). */
export interface ImportEdge {
  /** The specifier as written: `valibot`, `../lib/format.ts`. */
  specifier: string;
  /** The imported file, relative to the repository root with `/` separators; null for a package. */
  target: string | null;
  /** `import type` / `export type`: erased at build time, but still a dependency of the design. */
  typeOnly: boolean;
  /** 1-based line of the import, for the report. */
  line: number;
  /** `import('…')`: loaded on demand, not with the importing module. */
  dynamic?: boolean;
}

export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

export interface Breach {
  file: string;
  line: number;
  message: string;
}

/** A package name without its subpath: `@tanstack/react-query/x` → `@tanstack/react-query`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

interface LayerRule {
  /** The files the rule binds: a folder of the repository. */
  folder: string;
  /** Repository folders its files may import from (its own folder is always allowed). */
  mayImport?: readonly string[];
  /** Repository folders its files may not import from (when `mayImport` is not given). */
  mayNotImport?: readonly string[];
  /** Packages its files may import; any when not given. */
  packages?: readonly string[];
  why: string;
}

/**
 * The rules. Each folder below names what it may depend on; everything else is refused.
 * The order of the list is the order of the layers, lowest first.
 */
export const LAYER_RULES: readonly LayerRule[] = [
  {
    folder: 'src/contract',
    mayImport: [],
    packages: ['valibot'],
    why: 'the contract is shared by the server, the pages and the worker: it imports only valibot',
  },
  {
    folder: 'src/kernel',
    mayImport: ['src/contract'],
    why: 'the page↔worker kernel runs in both: it imports only the contract',
  },
  {
    folder: 'sw',
    mayImport: ['src/contract', 'src/kernel'],
    why: 'the service worker imports only the contract and the page↔worker kernel from src/',
  },
  {
    folder: 'server',
    mayImport: ['src/contract'],
    why: 'the server imports only the contract from src/',
  },
  {
    folder: 'src/features/registry',
    mayImport: ['src/contract', 'src/ui', 'src/lib'],
    why: 'the registry of studios and places sits below every feature that names them',
  },
  {
    folder: 'src/ui',
    mayNotImport: ['src/features', 'src/routes', 'server', 'sw'],
    why: 'UI primitives know no feature',
  },
  {
    folder: 'src/lib',
    mayNotImport: ['src/features', 'src/routes', 'server', 'sw'],
    why: 'the client library is below every feature',
  },
  {
    folder: 'src',
    mayNotImport: ['server', 'sw', 'scripts', 'tests'],
    why: 'the client does not import the server, the worker, scripts or test code',
  },
];

/** Test files and test fixtures may reach across layers to set things up. */
export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('tests/');

/**
 * Test suites (`*.test.ts`, `*.spec.ts`): a suite is one table of cases and may run long. The
 * helpers and fixtures beside them are code like any other, and keep to the line limit.
 */
export const isTestSuite = (file: string) => /\.(?:test|spec)\.tsx?$/.test(file);

/** The folders the structure check reads: every file in them is held to the line limit; tests/ is exempt from the layers. */
export const SCANNED_FOLDERS: readonly string[] = ['src', 'sw', 'server', 'scripts', 'tests'];

/** Every import that breaks a layer rule (test files are exempt). */
export function layerBreaches(graph: ImportGraph, rules: readonly LayerRule[] = LAYER_RULES): Breach[] {
  const breaches: Breach[] = [];
  for (const [file, edges] of graph) {
    if (isTestFile(file)) continue;
    // The most specific rule binds: `src/ui` before `src`.
    const rule = rules.filter((r) => under(file, r.folder)).toSorted((a, b) => b.folder.length - a.folder.length)[0];
    if (!rule) continue;
    for (const edge of edges) {
      if (edge.target === null) {
        if (rule.packages && !rule.packages.includes(packageName(edge.specifier))) {
          breaches.push({ file, line: edge.line, message: `imports the package "${edge.specifier}": ${rule.why}` });
        }
        continue;
      }
      if (under(edge.target, rule.folder)) continue;
      const refused = rule.mayImport
        ? !rule.mayImport.some((folder) => under(edge.target!, folder))
        : (rule.mayNotImport ?? []).some((folder) => under(edge.target!, folder));
      if (refused) breaches.push({ file, line: edge.line, message: `imports ${edge.target}: ${rule.why}` });
    }
  }
  return breaches.toSorted((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * The area a file belongs to, for the cycle check between areas: one area per feature
 * (`src/features/assets`), per other client folder (`src/lib`, `src/ui`…), per server folder
 * (`server/auth`), and one for the worker. Top-level files of `src/` and `server/` (the
 * composition roots: main, app, router) are areas of their own and may import anything.
 */
export function areaOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] === 'src') {
    if (parts.length === 2) return null;
    if (parts[1] === 'features') return parts.length > 3 ? `src/features/${parts[2]}` : null;
    return `src/${parts[1]}`;
  }
  if (parts[0] === 'server') return parts.length > 2 ? `server/${parts[1]}` : null;
  if (parts[0] === 'sw') return 'sw';
  return null;
}

/** Strongly connected components of a directed graph with more than one node, each sorted. */
export function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets])]);
  // Iterative Tarjan: a deep import chain must not overflow the call stack.
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; targets: string[]; at: number }> = [];
    const open = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(edges.get(node) ?? [])], at: 0 });
    };
    open(root);
    while (work.length) {
      const frame = work.at(-1)!;
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at]!;
        frame.at += 1;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.toSorted());
      }
    }
  }
  return components.toSorted((a, b) => a[0]!.localeCompare(b[0]!));
}

export interface AreaCycle {
  areas: string[];
  /** One import per edge inside the cycle, to show where to cut. */
  imports: Breach[];
}

/** Areas that import each other, directly or around a loop (test files left out: nothing imports them). */
export function areaCycles(graph: ImportGraph): AreaCycle[] {
  const edges = new Map<string, Set<string>>();
  const witness = new Map<string, Breach[]>();
  for (const [file, imports] of graph) {
    if (isTestFile(file)) continue;
    const from = areaOf(file);
    if (!from) continue;
    for (const edge of imports) {
      const to = edge.target && !isTestFile(edge.target) ? areaOf(edge.target) : null;
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
      const key = `${from}→${to}`;
      if (!witness.has(key)) witness.set(key, []);
      witness.get(key)!.push({ file, line: edge.line, message: `imports ${edge.target}` });
    }
  }
  return cyclesOf(edges).map((areas) => {
    const members = new Set(areas);
    const imports = [...witness.entries()]
      .filter(([key]) => {
        const [from, to] = key.split('→') as [string, string];
        return members.has(from) && members.has(to);
      })
      .map(([, list]) => list[0]!);
    return { areas, imports };
  });
}

/** File-level import cycles (runtime imports only: a type-only import is erased). */
export function fileCycles(graph: ImportGraph): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    edges.set(file, new Set(imports.filter((edge) => edge.target && !edge.typeOnly).map((edge) => edge.target!)));
  }
  return cyclesOf(edges);
}

/**
 * The most lines a source file may have: past it, a file mixes concerns and is split by them. It
 * was 400 on hand-wrapped lines; the formatter breaks every line past 160 columns, which put 11
 * files between 400 and 486 lines with nothing else changed, so the limit moved with it.
 */
export const MAX_FILE_LINES = 500;

/**
 * Files allowed past MAX_FILE_LINES, each with its reason: cohesive algorithms of the local
 * engine, where a split would cut one computation in two.
 */
export const LONG_FILES: Readonly<Record<string, string>> = {
  'server/engines/local/pixels.ts': 'the pixel kernels the local engine shares',
};

/** Files over the limit that are not listed in LONG_FILES (test suites and generated files aside; test helpers count). */
export function longFiles(lineCounts: ReadonlyMap<string, number>, limit = MAX_FILE_LINES, allowed = LONG_FILES): Breach[] {
  return [...lineCounts]
    .filter(([file, lines]) => lines > limit && !isTestSuite(file) && !(file in allowed))
    .map(([file, lines]) => ({ file, line: limit + 1, message: `has ${lines} lines (at most ${limit}): split it by concern` }))
    .toSorted((a, b) => a.file.localeCompare(b.file));
}

/**
 * Which feature may import which other feature: the table under "Features importing features" in
 * docs/architecture.md (#rule-feature-imports) is the one list; the structure check reads it
 * from there. Each row is `| from | to | why |` with folders in backticks; `any feature` as the
 * first cell lets every feature import that folder.
 */
export interface FeatureImport {
  from: string;
  to: string;
}

export const ANY_FEATURE = 'any feature';

/** The rows of the table that follows the anchor `rule-feature-imports` in the architecture page. */
export function parseFeatureImports(markdown: string): FeatureImport[] {
  const at = markdown.indexOf('<a id="rule-feature-imports"></a>');
  if (at < 0) throw new Error('docs/architecture.md has no #rule-feature-imports section');
  const end = markdown.indexOf('\n<a id=', at + 1);
  const section = markdown.slice(at, end < 0 ? undefined : end);
  const rows: FeatureImport[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || cells[1] === 'From' || /^-+$/.test(cells[1]!)) continue;
    const from = cells[1] === ANY_FEATURE ? ANY_FEATURE : /^`(src\/features\/[^`/]+)\/?`$/.exec(cells[1]!)?.[1];
    const to = /^`(src\/features\/[^`/]+)\/?`$/.exec(cells[2]!)?.[1];
    if (!from || !to || !cells[3])
      throw new Error(`docs/architecture.md#rule-feature-imports: a row is not \`| \`src/features/a\` | \`src/features/b\` | why |\`: ${line}`);
    rows.push({ from, to });
  }
  return rows;
}

const featureOf = (file: string): string | null => /^(src\/features\/[^/]+)\//.exec(file)?.[1] ?? null;

/** Every import of one feature from another that the table does not allow (test files are exempt). */
export function featureImportBreaches(graph: ImportGraph, allowed: readonly FeatureImport[]): Breach[] {
  const breaches: Breach[] = [];
  const may = (from: string, to: string) => allowed.some((row) => row.to === to && (row.from === from || row.from === ANY_FEATURE));
  for (const [file, edges] of graph) {
    const from = featureOf(file);
    if (!from || isTestFile(file)) continue;
    for (const edge of edges) {
      const to = edge.target ? featureOf(edge.target) : null;
      if (!to || to === from || isTestFile(edge.target!) || may(from, to)) continue;
      breaches.push({
        file,
        line: edge.line,
        message: `imports ${edge.target}: ${from} may not import ${to} (docs/architecture.md#rule-feature-imports lists what a feature may import)`,
      });
    }
  }
  return breaches.toSorted((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/**
 * The folders docs/architecture.md must describe: every server area and every client folder
 * (`src/<folder>`, `src/features/<feature>`, `src/lib/<folder>`). The page names each as a path in
 * backticks ending with a slash (`server/billing/`).
 */
export function undocumentedFolders(folders: readonly string[], markdown: string): Breach[] {
  return folders
    .filter((folder) => !markdown.includes(`\`${folder}/`))
    .map((folder) => ({ file: 'docs/architecture.md', line: 1, message: `does not describe ${folder}/: add a line for it (#layout-client, #layout-server)` }));
}

/** Folders whose subfolders the architecture page lists, one line each. */
export const DOCUMENTED_FOLDERS: readonly string[] = ['server', 'src', 'src/features', 'src/lib'];

/**
 * The one file of the server that may write `new ApiError(…)`: the one declaring it. Everywhere
 * else an error for a person is a CodedError built by its area's factory (`codedErrors(MESSAGES)`,
 * docs/architecture.md#rule-errors), so its text is a catalogue's of src/contract/, with a
 * `code` the PWA words in the person's language.
 */
export const API_ERROR_HOME = 'server/http/api-error.ts';

/** Every `new ApiError(` of the server's code outside API_ERROR_HOME (tests aside). */
export function uncodedErrors(sources: ReadonlyMap<string, string>): Breach[] {
  const breaches: Breach[] = [];
  for (const [file, text] of sources) {
    if (!under(file, 'server') || file === API_ERROR_HOME || isTestFile(file)) continue;
    text.split('\n').forEach((line, index) => {
      if (/\bnew\s+ApiError\s*\(/.test(line)) {
        breaches.push({
          file,
          line: index + 1,
          message:
            "builds an ApiError with its own text: throw the area's coded error (codedErrors of its src/contract/ catalogue; docs/architecture.md#rule-errors)",
        });
      }
    });
  }
  return breaches.toSorted((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
