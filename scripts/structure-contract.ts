/**
 * The contract's naming convention (docs/architecture.md#contract-modules), checked over the import
 * graph by `npm run lint` (scripts/lint-structure.ts):
 *  - a contract module that imports valibot is named `<name>.schema.ts`; every other one is plain
 *    (values, types and functions) and imports neither valibot nor a `.schema.ts` module;
 *  - the code the public pages and the service worker load (PUBLIC_CODE) imports neither valibot
 *    nor a `.schema.ts` module, but where SCHEMA_EXCEPTIONS says why it must.
 * A type-only import is erased at build time and loads nothing, so it is allowed everywhere; a
 * dynamic import loads on demand, apart from a page's first script, and is allowed in PUBLIC_CODE.
 */
import { isTestFile, packageName, type Breach, type ImportEdge, type ImportGraph } from './structure-rules.ts';

const CONTRACT = 'src/contract/';
const isContractModule = (file: string) => file.startsWith(CONTRACT) && !file.slice(CONTRACT.length).includes('/') && !isTestFile(file);
export const isSchemaModule = (file: string) => isContractModule(file) && file.endsWith('.schema.ts');

/** The files and folders of the public pages (pre-rendered or server-rendered) and the service worker. */
export const PUBLIC_CODE: readonly string[] = [
  'src/site.tsx',
  'src/blog-entry.tsx',
  'src/prerender-entry.tsx',
  'src/features/site',
  'src/features/blog',
  'src/features/api-docs',
  'src/kernel',
  'sw',
];

/** Public code that loads schemas, each with its reason. */
export const SCHEMA_EXCEPTIONS: Readonly<Record<string, string>> = {
  'src/kernel/outbox-sender.ts':
    'the outbox sends queued uploads and jobs (page and worker) and checks the server’s answers: it loads only when there is something to send',
  'sw/jobs.ts': 'the worker checks each job answer it reads for a notification before it trusts it',
  'src/features/blog/CommentThread.tsx':
    'a post’s comment thread checks the comments it fetches; it loads once the reader nears it (src/features/blog/interactive.ts)',
  'src/features/blog/newsletter-send.ts': 'the newsletter form checks its answer; it loads on the address field’s first focus',
};

const inPublicCode = (file: string, publicCode: readonly string[]) => publicCode.some((entry) => file === entry || file.startsWith(`${entry}/`));
const loadsValibot = (edge: ImportEdge) => edge.target === null && packageName(edge.specifier) === 'valibot' && !edge.typeOnly;
const loadsSchema = (edge: ImportEdge) => edge.target !== null && isSchemaModule(edge.target) && !edge.typeOnly;

/** Every breach of the convention (test files are exempt). */
export function contractBreaches(
  graph: ImportGraph,
  publicCode: readonly string[] = PUBLIC_CODE,
  exceptions: Readonly<Record<string, string>> = SCHEMA_EXCEPTIONS,
): Breach[] {
  const breaches: Breach[] = [];
  for (const [file, edges] of graph) {
    if (isTestFile(file)) continue;
    const contract = isContractModule(file);
    const schema = isSchemaModule(file);
    const isPublic = inPublicCode(file, publicCode) && !(file in exceptions);
    for (const edge of edges) {
      if (contract && !schema && edge.target === null && packageName(edge.specifier) === 'valibot')
        breaches.push({ file, line: edge.line, message: 'imports valibot: a contract module that does is named <name>.schema.ts' });
      else if (contract && !schema && edge.target !== null && isSchemaModule(edge.target) && !edge.typeOnly)
        breaches.push({ file, line: edge.line, message: `imports ${edge.target}: a plain contract module imports only plain ones (types aside)` });
      else if (!contract && isPublic && !edge.dynamic && (loadsValibot(edge) || loadsSchema(edge)))
        breaches.push({
          file,
          line: edge.line,
          message: `imports ${edge.target ?? edge.specifier}: the public pages and the service worker load no schemas (take plain values from the plain module, or list the file in SCHEMA_EXCEPTIONS with why)`,
        });
    }
  }
  // An exception that loads no schema any more is dropped from the list.
  for (const file of Object.keys(exceptions)) {
    const edges = graph.get(file);
    if (edges && !edges.some((edge) => !edge.dynamic && (loadsValibot(edge) || loadsSchema(edge))))
      breaches.push({ file, line: 1, message: 'loads no schema: remove it from SCHEMA_EXCEPTIONS' });
  }
  return breaches.toSorted((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
