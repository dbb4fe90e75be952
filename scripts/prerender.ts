/**
 * Writes the pre-rendered public pages into dist/: each page is the index.html template with
 * the page's HTML, title and description, and links to the chunk and styles it needs so
 * neither the first paint nor hydration waits for another round trip.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface SsrEntry {
  sitePages: Record<string, { path: string; file: string }>;
  renderSitePage(name: string): Promise<{ html: string; title: string; description: string }>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function prerender({ dist, ssrEntry }: { dist: string; ssrEntry: string }) {
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = (await import(pathToFileURL(ssrEntry).href)) as SsrEntry;
  const done: string[] = [];

  for (const [name, page] of Object.entries(entry.sitePages)) {
    const { html, title, description } = await entry.renderSitePage(name);
    // The page's chunk and its Vietnamese catalog: both are needed before hydration.
    // A page's component is `<Name>Page.tsx` (a site page's folder, or a feature of its own like
    // /api-docs); its catalog is `pages/<name>.po`, the name in kebab case.
    const keys = Object.keys(manifest).filter(
      (key) =>
        (key.startsWith('src/features/') && key.endsWith(`/${pageComponentName(name)}.tsx`)) ||
        key.endsWith(`locales/vi/pages/${kebab(name)}.po`),
    );
    if (keys.length !== 2) throw new Error(`The build has no chunk or no catalog for the page "${name}"`);
    const links = chunkLinks(manifest, keys, template);
    const out = template
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttr(description)}"`)
      .replace('<!--app-head-->', links)
      .replace('data-page=""', `data-page="${name}"`)
      .replace('<!--app-html-->', html);
    if (out.includes('<!--app-html-->') || !out.includes(`data-page="${name}"`)) {
      throw new Error('index.html lost its data-page="" or <!--app-html--> marker');
    }
    // A page may sit in a folder of its own (services/virtual-tryon.html).
    await mkdir(dirname(join(dist, page.file)), { recursive: true });
    await writeFile(join(dist, page.file), out);
    done.push(page.path);
  }
  return done;
}

/** HomePage for "home", AboutPage for "about", ApiDocsPage for "apiDocs". */
function pageComponentName(name: string): string {
  return `${name[0]!.toUpperCase()}${name.slice(1)}Page`;
}

/** "apiDocs" → "api-docs". */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Module preload and stylesheet links for a dynamically imported chunk and its static imports. */
function chunkLinks(manifest: Manifest, keys: string[], template: string): string {
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk || chunk.isEntry) return; // the entry's own files are already in the template
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of keys) visit(key);
  // Files the template already links (the entry's own chunks and styles) are not repeated.
  const fresh = (f: string) => !template.includes(`/${f}"`);
  return [
    ...[...new Set(css)].filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...new Set(js)].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}
