/**
 * Code samples of an operation in curl, JavaScript (fetch) and Python (requests), built from the
 * OpenAPI document (docs/product-rules.md#api-docs): the URL with its path and query parameters,
 * the bearer token read from the environment, a fresh `Idempotency-Key` per call, and the body as
 * JSON or as a multipart form.
 */
import { deref, typesOf, variantsOf, type OpenApiDocument, type Operation, type SchemaObject } from './openapi.ts';

export const SAMPLE_LANGUAGES = ['curl', 'javascript', 'python'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** The environment variable the samples read the token from: a token never belongs in code. */
export const TOKEN_ENV = 'ATELIER_API_TOKEN';
/** The file name the upload samples send. */
export const SAMPLE_FILE = 'photo.jpg';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (value: Json): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How deep an example follows nested schemas before it stops (a recursive schema would never end). */
const EXAMPLE_DEPTH = 6;

/**
 * A plausible value for `schema`: its own example, const, default or first enum value; for an
 * object its required properties and those with an example; the first variant of a union.
 */
export function exampleOf(doc: OpenApiDocument, input: SchemaObject | undefined, depth = 0): Json {
  const schema = deref<SchemaObject>(doc, input);
  if (!schema || depth > EXAMPLE_DEPTH) return null;
  const given = schema.example ?? schema.examples?.[0] ?? schema.const ?? schema.default ?? schema.enum?.find((value) => value !== null);
  if (given !== undefined) return given as Json;
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => exampleOf(doc, part, depth + 1));
    return Object.assign({}, ...parts.filter((part) => typeof part === 'object' && part !== null && !Array.isArray(part))) as Json;
  }
  const [variant] = variantsOf(schema);
  if (variant) return exampleOf(doc, variant, depth + 1);
  const { types } = typesOf(schema);
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const resolved = deref<SchemaObject>(doc, property);
        const value = exampleOf(doc, property, depth + 1);
        // An optional field shows when the document gives an example of it, or of a field inside it.
        const illustrated = resolved?.example !== undefined || resolved?.examples !== undefined || (isRecord(value) && Object.keys(value).length > 0);
        if (schema.required?.includes(name) || illustrated) out[name] = value;
      }
      return out;
    }
    case 'array':
      return [exampleOf(doc, schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema.format);
    default:
      return null;
  }
}

function stringExample(format: string | undefined): string {
  if (format === 'date-time') return '2026-01-01T00:00:00Z';
  if (format === 'date') return '2026-01-01';
  if (format === 'uri' || format === 'url') return 'https://example.com/webhooks/atelier';
  if (format === 'binary') return SAMPLE_FILE;
  return 'string';
}

const isIdempotencyKey = (name: string) => name.toLowerCase() === 'idempotency-key';

interface Field {
  name: string;
  value: string;
  /** A file field (`format: binary`). */
  file: boolean;
}

/** What every generator needs, worked out once. */
interface Request {
  method: string;
  /** Without the query. */
  url: string;
  query: Array<[string, Json]>;
  secured: boolean;
  idempotency: boolean;
  headers: Array<[string, string]>;
  json?: Json;
  form?: Field[];
}

const paramValue = (doc: OpenApiDocument, param: { example?: unknown; schema?: SchemaObject }) =>
  param.example !== undefined ? (param.example as Json) : exampleOf(doc, param.schema);

function requestOf(doc: OpenApiDocument, op: Operation, base: string): Request {
  let path = op.path;
  const query: Array<[string, Json]> = [];
  const headers: Array<[string, string]> = [];
  let idempotency = false;
  for (const param of op.parameters) {
    if (param.in === 'path') {
      const value = param.example ?? param.schema?.example;
      // Without an example the sample shows where the value goes: `<id>`.
      path = path.replace(`{${param.name}}`, value === undefined ? `<${param.name}>` : encodeURIComponent(String(value)));
    } else if (param.in === 'query') {
      // An optional parameter appears only when the document gives an example of it.
      if (param.required || param.example !== undefined || param.schema?.example !== undefined) query.push([param.name, paramValue(doc, param)]);
    } else if (param.in === 'header') {
      if (isIdempotencyKey(param.name)) idempotency = true;
      else if (param.required || param.example !== undefined) headers.push([param.name, String(paramValue(doc, param))]);
    }
  }
  const request: Request = { method: op.method.toUpperCase(), url: `${base}${path}`, query, secured: op.secured, idempotency, headers };
  const content = op.requestBody?.content ?? {};
  const json = content['application/json'];
  const multipart = content['multipart/form-data'];
  if (json) request.json = json.example !== undefined ? (json.example as Json) : exampleOf(doc, json.schema);
  else if (multipart) request.form = formFields(doc, multipart.schema);
  return request;
}

function formFields(doc: OpenApiDocument, input: SchemaObject | undefined): Field[] {
  const schema = deref<SchemaObject>(doc, input);
  const fields: Field[] = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const resolved = deref<SchemaObject>(doc, property);
    if (!resolved) continue;
    const file = resolved.format === 'binary' || resolved.contentMediaType !== undefined;
    if (!file && !schema?.required?.includes(name) && resolved.example === undefined) continue;
    fields.push({ name, file, value: file ? SAMPLE_FILE : String(exampleOf(doc, resolved)) });
  }
  return fields;
}

const queryString = (query: Request['query']) =>
  query.length === 0 ? '' : `?${query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&')}`;

/** A single-quoted shell word. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curl(request: Request): string {
  const lines = [`curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(request.url + queryString(request.query))}`];
  // Double quotes: the shell expands the variable and the command substitution.
  if (request.secured) lines.push(`-H "Authorization: Bearer $${TOKEN_ENV}"`);
  if (request.idempotency) lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.json !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(request.json, null, 2))}`);
  }
  for (const field of request.form ?? []) lines.push(`-F ${shellQuote(`${field.name}=${field.file ? '@' : ''}${field.value}`)}`);
  return lines.join(' \\\n  ');
}

/** `text` with every line but the first indented by `pad`. */
const indentRest = (text: string, pad: string) => text.split('\n').join(`\n${pad}`);

/** A single-quoted JavaScript string. */
const jsString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A JavaScript object key: bare when it is an identifier. */
const jsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));

function javascript(request: Request): string {
  const head: string[] = [];
  const options: string[] = [];
  if (request.method !== 'GET') options.push(`method: '${request.method}',`);
  const headers: string[] = [];
  if (request.secured) headers.push(`Authorization: \`Bearer \${process.env.${TOKEN_ENV}}\`,`);
  if (request.idempotency) headers.push(`'Idempotency-Key': crypto.randomUUID(),`);
  for (const [name, value] of request.headers) headers.push(`${jsKey(name)}: ${jsString(value)},`);
  if (request.json !== undefined) headers.push(`'Content-Type': 'application/json',`);
  if (headers.length > 0) options.push(['headers: {', ...headers.map((line) => `  ${line}`), '},'].join('\n'));
  if (request.json !== undefined) options.push(`body: JSON.stringify(${JSON.stringify(request.json, null, 2)}),`);
  if (request.form) {
    if (request.form.some((field) => field.file)) head.push(`import { openAsBlob } from 'node:fs';`, '');
    head.push('const form = new FormData();');
    for (const field of request.form) {
      const name = jsString(field.name);
      const value = jsString(field.value);
      head.push(field.file ? `form.append(${name}, await openAsBlob(${value}), ${value});` : `form.append(${name}, ${value});`);
    }
    head.push('');
    options.push('body: form,');
  }
  const url = jsString(request.url + queryString(request.query));
  const call =
    options.length === 0
      ? `const response = await fetch(${url});`
      : [`const response = await fetch(${url}, {`, ...options.map((option) => `  ${indentRest(option, '  ')}`), '});'].join('\n');
  return [...head, call, 'console.log(response.status, await response.json());'].join('\n');
}

/** A Python literal of a JSON value, indented by four spaces a level. */
export function pythonLiteral(value: Json, pad = ''): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${pad}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join('\n')}\n${pad}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join('\n')}\n${pad}}`;
}

function python(request: Request): string {
  // The standard modules the call uses, then requests.
  const imports = [...(request.secured ? ['import os'] : []), ...(request.idempotency ? ['import uuid'] : [])];
  if (imports.length > 0) imports.push('');
  imports.push('import requests', '');
  const args = [`"${request.url}",`];
  const headers: string[] = [];
  if (request.secured) headers.push(`"Authorization": f"Bearer {os.environ['${TOKEN_ENV}']}",`);
  if (request.idempotency) headers.push(`"Idempotency-Key": str(uuid.uuid4()),`);
  for (const [name, value] of request.headers) headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)},`);
  if (headers.length > 0) args.push(['headers={', ...headers.map((line) => `    ${line}`), '},'].join('\n'));
  if (request.query.length > 0) args.push(`params=${pythonLiteral(Object.fromEntries(request.query))},`);
  if (request.json !== undefined) args.push(`json=${pythonLiteral(request.json)},`);
  const files = request.form?.filter((field) => field.file) ?? [];
  const data = request.form?.filter((field) => !field.file) ?? [];
  if (files.length > 0) {
    args.push(['files={', ...files.map((f) => `    ${JSON.stringify(f.name)}: open(${JSON.stringify(f.value)}, "rb"),`), '},'].join('\n'));
  }
  if (data.length > 0) args.push(`data=${pythonLiteral(Object.fromEntries(data.map((f) => [f.name, f.value])))},`);
  const call = [`response = requests.${request.method.toLowerCase()}(`, ...args.map((arg) => `    ${indentRest(arg, '    ')}`), ')'].join('\n');
  return [...imports, call, 'print(response.status_code, response.json())'].join('\n');
}

/** The three samples of `op`, calling the API at `base` (the origin and the server's path, e.g. `https://atelier.vn/v1`). */
export function codeSamples(doc: OpenApiDocument, op: Operation, base: string): Record<SampleLanguage, string> {
  const request = requestOf(doc, op, base);
  return { curl: curl(request), javascript: javascript(request), python: python(request) };
}

/**
 * The base URL of the samples: the document's first server when it is absolute, else the page's
 * origin followed by the server's path (the server writes `/v1`, which works on any host).
 */
export function apiBase(doc: OpenApiDocument, origin: string): string {
  const server = doc.servers?.[0]?.url ?? '';
  if (/^https?:\/\//i.test(server)) return server.replace(/\/+$/, '');
  return `${origin}${server}`.replace(/\/+$/, '');
}
