/**
 * The built PWA in STATIC_DIR, indexed once at start-up: every file with its size, validator,
 * content type, cache policy and precompressed siblings; the client route patterns; and the CSP
 * hashes of the inline scripts of every HTML file.
 *
 * Indexing once means requests never touch the disk to decide anything (only to stream bytes),
 * and only files that were in the build can be served (no path traversal to worry about).
 * A new build is picked up by restarting the server, as the CSP hashes must be recomputed anyway.
 *
 * Build layout (produced by `npm run build`): `index.html` (pre-rendered home), `<page>.html`
 * (other pre-rendered pages), `app.html` (bare SPA shell), `assets/*` (hashed), `sw.js`,
 * `manifest.webmanifest`, `icons/*`, `spa-routes.json`, and `*.br` / `*.gz` siblings.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import * as v from 'valibot';
import { inlineScripts, scriptHash } from './inline-scripts.ts';
import { createRouteMatcher } from './spa-routes.ts';

export type ContentCoding = 'br' | 'gzip';

/** The build's folder of pre-rendered not-found pages (a dot folder: never served as files). */
export const NOT_FOUND_DIR = '.not-found';
/** The languages it holds a page for, `<locale>.html` each: those of the addresses under a language prefix. */
export const NOT_FOUND_LOCALES = ['en'] as const;

export interface FileVariant {
  readonly filePath: string;
  readonly size: number;
  /** Strong validator of these exact bytes. */
  readonly etag: string;
}

export interface StaticFile extends FileVariant {
  readonly urlPath: string;
  readonly contentType: string;
  readonly cacheControl: string;
  /** Precompressed siblings (`x.br`, `x.gz`), by content coding. */
  readonly encoded: Readonly<Partial<Record<ContentCoding, FileVariant>>>;
}

export interface StaticBuild {
  readonly dir: string;
  /** Files by URL path (`/assets/app-abc123.js`), compressed siblings excluded. */
  readonly files: ReadonlyMap<string, StaticFile>;
  /** `index.html`: the pre-rendered home page. */
  readonly home: StaticFile;
  /** `app.html`: the bare SPA shell for every other app route. */
  readonly shell: StaticFile;
  /**
   * The pre-rendered not-found page for an unknown address under /en (`.not-found/en.html`), or
   * null in a build without it; an unknown address elsewhere gets the app shell, whose not-found
   * page follows the reader's language.
   */
  readonly englishNotFound: StaticFile | null;
  /** Whether a path is one of the app's client routes (spa-routes.json). */
  readonly isAppRoute: (pathname: string) => boolean;
  /** Base64 sha256 of every distinct inline script in the build's HTML files, sorted. */
  readonly scriptHashes: readonly string[];
  /**
   * The origin of the API the PWA was built to call (API_BASE_URL at build time, recorded in
   * build-info.json), or null when it calls its own origin. The CSP must let it connect there.
   */
  readonly apiOrigin: string | null;
  /** Problems worth a warning at start-up (the build still serves). */
  readonly warnings: readonly string[];
}

/** Cache lifetime of static files without a content hash in their name, in seconds (1 hour). */
const STATIC_MAX_AGE_SECONDS = 3_600;
/** Cache lifetime of hashed assets, in seconds (1 year: the longest browsers honour). */
const IMMUTABLE_MAX_AGE_SECONDS = 31_536_000;

/** Files the browser must revalidate on every use: they name every other file. */
const REVALIDATED = new Set(['/sw.js', '/manifest.webmanifest']);

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return `public, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable`;
  if (urlPath.endsWith('.html') || REVALIDATED.has(urlPath)) return 'no-cache';
  return `public, max-age=${STATIC_MAX_AGE_SECONDS}`;
}

const CODING_EXTENSIONS: ReadonlyArray<readonly [ContentCoding, string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

const SpaRoutesSchema = v.object({ patterns: v.array(v.pipe(v.string(), v.startsWith('/'))) });

export class StaticBuildError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StaticBuildError';
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !relative.split(path.sep).some((part) => part.startsWith('.')));
}

async function variantOf(filePath: string): Promise<FileVariant> {
  const info = await stat(filePath);
  return {
    filePath,
    size: info.size,
    etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`,
  };
}

/**
 * Indexes a build directory. Resolves to null when there is no build (no `app.html` and no
 * `index.html`); the server then answers navigations with 503 until one is built.
 * @throws StaticBuildError when spa-routes.json exists but is not valid.
 */
export async function loadStaticBuild(dir: string): Promise<StaticBuild | null> {
  let relatives: string[];
  try {
    relatives = await listFiles(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const present = new Set(relatives.map((relative) => relative.split(path.sep).join('/')));
  const warnings: string[] = [];

  const files = new Map<string, StaticFile>();
  for (const relative of present) {
    // A compressed sibling is a variant of its original, not a file of its own.
    if (CODING_EXTENSIONS.some(([, ext]) => relative.endsWith(ext) && present.has(relative.slice(0, -ext.length)))) continue;
    const urlPath = `/${relative}`;
    const filePath = path.join(dir, relative);
    const encoded: Partial<Record<ContentCoding, FileVariant>> = {};
    for (const [coding, ext] of CODING_EXTENSIONS) {
      if (present.has(relative + ext)) {
        const variant = await variantOf(filePath + ext);
        encoded[coding] = { ...variant, etag: variant.etag.replace(/"$/, `-${coding}"`) };
      }
    }
    files.set(urlPath, {
      ...(await variantOf(filePath)),
      urlPath,
      contentType: getMimeType(relative) ?? 'application/octet-stream',
      cacheControl: cacheControlFor(urlPath),
      encoded,
    });
  }

  const home = files.get('/index.html');
  const shell = files.get('/app.html');
  if (!home && !shell) return null;
  if (!shell) warnings.push('app.html is missing: index.html serves as the app shell.');
  if (!home) warnings.push('index.html is missing: app.html serves the home page.');

  let isAppRoute: (pathname: string) => boolean;
  const routesFile = files.get('/spa-routes.json');
  if (routesFile) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(routesFile.filePath, 'utf8'));
    } catch (error) {
      throw new StaticBuildError(`${routesFile.filePath} is not valid JSON: rebuild with npm run build.`, { cause: error });
    }
    const result = v.safeParse(SpaRoutesSchema, parsed);
    if (!result.success) {
      throw new StaticBuildError(`${routesFile.filePath} must look like { "patterns": ["/", "/blog/$slug"] }.`);
    }
    isAppRoute = createRouteMatcher(result.output.patterns);
  } else {
    // Without the list every path may be an app route: answer 200 and let the app decide.
    warnings.push('spa-routes.json is missing: every unknown path gets the app shell with status 200.');
    isAppRoute = () => true;
  }

  let englishNotFound: StaticFile | null = null;
  const notFoundPath = path.join(dir, NOT_FOUND_DIR, 'en.html');
  try {
    englishNotFound = {
      ...(await variantOf(notFoundPath)),
      urlPath: `/${NOT_FOUND_DIR}/en.html`,
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      encoded: {},
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    warnings.push(`${NOT_FOUND_DIR}/en.html is missing: an unknown address under /en gets the app shell.`);
  }

  const hashes = new Set<string>();
  for (const file of [...files.values(), ...(englishNotFound ? [englishNotFound] : [])]) {
    if (!file.urlPath.endsWith('.html')) continue;
    for (const script of inlineScripts(await readFile(file.filePath, 'utf8'))) hashes.add(scriptHash(script));
  }

  let apiOrigin: string | null = null;
  const infoFile = files.get('/build-info.json');
  if (infoFile) {
    try {
      const info = JSON.parse(await readFile(infoFile.filePath, 'utf8')) as { apiBaseUrl?: unknown };
      if (typeof info.apiBaseUrl === 'string' && info.apiBaseUrl) apiOrigin = new URL(info.apiBaseUrl).origin;
    } catch {
      warnings.push('build-info.json has no valid apiBaseUrl: the API is assumed to be on this origin.');
    }
  }

  return {
    dir,
    files,
    home: home ?? (shell as StaticFile),
    shell: shell ?? (home as StaticFile),
    englishNotFound,
    isAppRoute,
    scriptHashes: [...hashes].toSorted(),
    apiOrigin,
    warnings,
  };
}
