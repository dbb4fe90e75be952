/**
 * The rules about SQL, checked over the source text of the server (`npm run lint` runs them
 * through scripts/lint-structure.ts; docs/architecture.md#rule-sql explains them):
 * - only repositories run SQL;
 * - only the credits area (`server/credits/`, the ledger) names the table `credit_ledger`.
 *
 * Pure functions over a file's path and text, so that a unit test can plant a query in a scratch
 * file and see it reported.
 */
import { parseSync } from 'vite';
import { isTestFile, type Breach } from './structure-rules.ts';

/**
 * What "runs SQL" means, found on the syntax tree (comments and the words of strings are not code):
 * - Kysely's `sql` tag or one of its helpers: sql`…`, sql<T>`…`, sql.raw(…), sql.ref(…)…;
 * - a Kysely query started on a database handle or a transaction: `.selectFrom(`, `.insertInto(`,
 *   `.updateTable(`, `.deleteFrom(`, `.mergeInto(`, `.replaceInto(`, `.selectNoFrom(`;
 * - a driver's `.query(` or `.exec(` whose first argument is SQL text written in place (a string
 *   or template starting with an SQL keyword): `c.req.query('x')` and `regex.exec(s)` are not SQL.
 */
const KYSELY_STARTS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto', 'selectNoFrom']);
const SQL_HELPERS = new Set(['raw', 'ref', 'lit', 'join', 'id', 'table', 'val', 'value']);
const SQL_TEXT = /^\s*(select|insert|update|delete|with|create|alter|drop|begin|commit|rollback|listen|unlisten|notify|set|lock|truncate|vacuum|analyze)\b/i;
const LEDGER = /\bcredit_ledger\b/;

export interface SqlSite {
  line: number;
  /** What was found, for the report: `sql\`…\``, `.selectFrom(…)`, `.query("…")`. */
  what: string;
}

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function visit(node: unknown, each: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, each);
    return;
  }
  if (!isNode(node)) return;
  each(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') visit(value, each);
}

const propertyName = (callee: Node): string | null => {
  if (callee.type !== 'MemberExpression' || callee.computed) return null;
  const property = callee.property as Node & { name?: string };
  return property.type === 'Identifier' ? (property.name ?? null) : null;
};

const isSqlTag = (node: Node) => node.type === 'Identifier' && (node as Node & { name: string }).name === 'sql';

function literalText(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return (node.quasis as Array<{ value: { raw: string } }>).map((quasi) => quasi.value.raw).join('${}');
  return null;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

export interface SqlScan {
  /** Every place the file runs SQL. */
  sites: SqlSite[];
  /** Lines whose code (a string or a template, not a comment) names `credit_ledger`. */
  ledgerLines: number[];
}

/** The SQL a file runs, and where its code names the ledger's table. */
export function scanSql(file: string, text: string): SqlScan {
  const { program, errors } = parseSync(file, text, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
  const starts = lineStarts(text);
  const sites: SqlSite[] = [];
  const ledgerLines = new Set<number>();
  visit(program, (node) => {
    const line = lineOf(starts, node.start);
    if (node.type === 'TaggedTemplateExpression' && isSqlTag(node.tag as Node)) sites.push({ line, what: 'sql`…`' });
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const name = propertyName(callee);
      const first = (node.arguments as Node[])[0];
      if (name && isSqlTag(callee.object as Node) && SQL_HELPERS.has(name)) sites.push({ line, what: `sql.${name}(…)` });
      else if (name && KYSELY_STARTS.has(name)) sites.push({ line, what: `.${name}(…)` });
      else if ((name === 'query' || name === 'exec') && SQL_TEXT.test(literalText(first) ?? ''))
        sites.push({ line, what: `.${name}("${literalText(first)!.trim().split(/\s+/)[0]} …")` });
    }
    if (node.type === 'Literal' || node.type === 'TemplateLiteral') {
      if (LEDGER.test(literalText(node) ?? '')) ledgerLines.add(line);
    }
  });
  return { sites: sites.toSorted((a, b) => a.line - b.line), ledgerLines: [...ledgerLines].toSorted((a, b) => a - b) };
}

const under = (file: string, folder: string) => file.startsWith(`${folder}/`);

/**
 * Files that run SQL without being named a repository, each with its reason. Everything else
 * under server/ keeps its SQL in a repository: `repository.ts` or `<what>-repository.ts`.
 */
export const SQL_HOMES: Readonly<Record<string, string>> = {
  'server/queue/pglite-adapter.ts': "pg-boss's own statements, handed to PGlite as pg-boss wrote them",
  // Named a repository when the auth area's restructuring (its own change) moves its files.
  'server/auth/sessions.ts': 'the sessions repository: every statement on `sessions`, and nothing else',
};

/** Folders whose files may run SQL: the database layer (connection, migrations, notifications) and the credit ledger. */
export const SQL_FOLDERS: readonly string[] = ['server/db', 'server/credits'];

/** Whether a file may run SQL. */
export function isSqlHome(file: string, homes: Readonly<Record<string, string>> = SQL_HOMES): boolean {
  const name = file.split('/').at(-1)!;
  return /^(?:.+-)?repository\.ts$/.test(name) || SQL_FOLDERS.some((folder) => under(file, folder)) || file in homes;
}

/** The files the SQL rules read: the server's code, tests aside (they set up what they test). */
export const isServerCode = (file: string) => under(file, 'server') && !isTestFile(file);

/** SQL run outside a repository. */
export function sqlOutsideRepositories(sources: ReadonlyMap<string, string>, homes: Readonly<Record<string, string>> = SQL_HOMES): Breach[] {
  const breaches: Breach[] = [];
  for (const [file, text] of sources) {
    if (!isServerCode(file) || isSqlHome(file, homes)) continue;
    for (const site of scanSql(file, text).sites) {
      breaches.push({ file, line: site.line, message: `runs SQL (${site.what}) outside a repository: move it into the area's repository.ts` });
    }
  }
  return breaches.toSorted((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** `credit_ledger` named outside the credits area (server/credits/) and the database layer (its schema and migrations). */
export function ledgerOutsideCredits(sources: ReadonlyMap<string, string>): Breach[] {
  const breaches: Breach[] = [];
  for (const [file, text] of sources) {
    if (!isServerCode(file) || under(file, 'server/credits') || under(file, 'server/db')) continue;
    for (const line of scanSql(file, text).ledgerLines) {
      breaches.push({
        file,
        line,
        message: 'names credit_ledger: only server/credits/ reads or writes the ledger; go through its API (server/credits/ledger.ts)',
      });
    }
  }
  return breaches.toSorted((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
