/**
 * Writes the pre-rendered public pages into dist/, each in Vietnamese (at its path) and in
 * English (under /en): the index.html template with the page's HTML, language, title,
 * description and search/sharing head (./seo-head.ts), and links to the chunk and styles it
 * needs so neither the first paint nor hydration waits for another round trip.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProseData } from '../src/features/site/pages/prose/prose-data.ts';
import { localizedFile, localizedPath, pageFile, type SiteLocale, type SitePagePath } from '../src/features/site/paths.ts';
import { BLOG_BUNDLE_DIR } from '../server/blog/pages.ts';
import { NOT_FOUND_DIR, NOT_FOUND_LOCALES } from '../server/static/build.ts';
import { scriptsAfterFirstPaint } from './after-paint.ts';
import { loadProse } from './prose-content.ts';
import { escapeAttr, headTags } from './seo-head.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface SsrEntry {
  sitePages: Record<string, SitePagePath>;
  renderSitePage(
    name: string,
    locale: SiteLocale,
    prose: ProseData | null,
  ): Promise<{ html: string; title: string; description: string; transparentHeader: boolean }>;
  renderNotFoundPage(locale: SiteLocale): Promise<{ html: string; title: string; description: string }>;
}

const LOCALES: readonly SiteLocale[] = ['vi', 'en'];

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Where links in the head point: PUBLIC_URL of the build (the server's PUBLIC_URL), else the local default. */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || 'http://localhost:8080').replace(/\/+$/, '');
}

export async function prerender({ dist, ssrEntry, root }: { dist: string; ssrEntry: string; root: string }) {
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = (await import(pathToFileURL(ssrEntry).href)) as SsrEntry;
  const origin = publicOrigin();
  const done: string[] = [];
  const titles = new Map<string, string>();

  for (const locale of LOCALES) {
    for (const [name, page] of Object.entries(entry.sitePages)) {
      const prose = page.prose ? await loadProse(root, page.prose, locale, origin) : null;
      const { html, title, description, transparentHeader } = await entry.renderSitePage(name, locale, prose);
      // The page's chunk and its catalog in the page's language: both are needed before hydration.
      // A page's component is `<Name>Page.tsx` (a site page's folder, or a feature of its own like
      // /api-docs; every prose page shares ProsePage.tsx); its catalog is `pages/<name>.po`, the
      // name in kebab case. An English page also needs the shared `site` catalog in English.
      const component = page.prose ? 'ProsePage' : pageComponentName(name);
      const catalog = page.prose ? 'prose' : kebab(name);
      const manifestKeys = Object.keys(manifest);
      const moduleKey = only(
        manifestKeys.filter((key) => key.startsWith('src/features/') && key.endsWith(`/${component}.tsx`)),
        `the chunk of the page "${name}"`,
      );
      const catalogKey = only(
        manifestKeys.filter((key) => key.endsWith(`locales/${locale}/pages/${catalog}.po`)),
        `the ${locale} catalog of the page "${name}"`,
      );
      const siteCatalogKey =
        locale === 'vi'
          ? null
          : only(
              manifestKeys.filter((key) => key.endsWith(`locales/${locale}/site.po`)),
              `the ${locale} site catalog`,
            );
      const keys = [moduleKey, catalogKey, ...(siteCatalogKey ? [siteCatalogKey] : [])];
      // What src/site.tsx imports to hydrate: the page's module and catalogs, by their built names.
      const rootData = [
        `data-page="${name}"`,
        `data-locale="${locale}"`,
        `data-module="/${manifest[moduleKey]!.file}"`,
        `data-catalog="/${manifest[catalogKey]!.file}"`,
        ...(siteCatalogKey ? [`data-site-catalog="/${manifest[siteCatalogKey]!.file}"`] : []),
        ...(transparentHeader ? ['data-transparent-header=""'] : []),
      ].join(' ');
      const links = chunkLinks(manifest, keys, template);
      const heading =
        /<h1[^>]*>([\s\S]*?)<\/h1>/
          .exec(html)?.[1]
          ?.replace(/<[^>]+>/g, '')
          .trim() ?? title;
      titles.set(`${locale}:${page.path}`, heading);
      const head = headTags({ origin, locale, path: page.path, title, description, html, name: heading, trail: trailOf(page.path, locale, titles) });
      const out = template
        .replace('<html lang="vi">', `<html lang="${locale}">`)
        .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(title)}</title>`)
        .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttr(description)}"`)
        .replace('<!--app-head-->', `${head}\n    ${links}`)
        .replace('data-page=""', rootData)
        .replace('<!--app-html-->', html);
      if (out.includes('<!--app-html-->') || !out.includes(`data-page="${name}"`) || !out.includes(`<html lang="${locale}">`)) {
        throw new Error('index.html lost its <html lang="vi">, data-page="" or <!--app-html--> marker');
      }
      const file = join(dist, localizedFile(pageFile(page.path), locale));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, await inlineStylesheets(scriptsAfterFirstPaint(out), dist));
      done.push(localizedPath(page.path, locale));
    }
  }
  await writeBlogTemplates(dist, template, manifest);
  await writeNotFoundPages(dist, template, manifest, entry);
  return done;
}

/**
 * The not-found page, for the server's answer to an unknown address in a language other than the
 * app's (under /en: server/static/build.ts), in a dot folder the static handler never serves as a
 * file of its own. Hydrated like any page: its module, and the `site` catalog that holds its words.
 */
async function writeNotFoundPages(dist: string, template: string, manifest: Manifest, entry: SsrEntry): Promise<void> {
  const keys = Object.keys(manifest);
  const moduleKey = only(
    keys.filter((key) => key.endsWith('src/features/site/NotFoundPage.tsx')),
    'the chunk of the not-found page',
  );
  for (const locale of NOT_FOUND_LOCALES) {
    const catalogKey = only(
      keys.filter((key) => key.endsWith(`locales/${locale}/site.po`)),
      `the ${locale} site catalog`,
    );
    const { html, title, description } = await entry.renderNotFoundPage(locale);
    const rootData = [
      'data-page="not-found"',
      `data-locale="${locale}"`,
      `data-module="/${manifest[moduleKey]!.file}"`,
      `data-catalog="/${manifest[catalogKey]!.file}"`,
      `data-site-catalog="/${manifest[catalogKey]!.file}"`,
    ].join(' ');
    const out = template
      .replace('<html lang="vi">', `<html lang="${locale}">`)
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttr(description)}"`)
      .replace('<!--app-head-->', `<meta name="robots" content="noindex">\n    ${chunkLinks(manifest, [moduleKey, catalogKey], template)}`)
      .replace('data-page=""', rootData)
      .replace('<!--app-html-->', html);
    if (out.includes('<!--app-html-->') || !out.includes('data-page="not-found"') || !out.includes(`<html lang="${locale}">`)) {
      throw new Error('index.html lost its <html lang="vi">, data-page="" or <!--app-html--> marker');
    }
    await mkdir(join(dist, NOT_FOUND_DIR), { recursive: true });
    await writeFile(join(dist, NOT_FOUND_DIR, `${locale}.html`), await inlineStylesheets(scriptsAfterFirstPaint(out), dist));
  }
}

/**
 * The blog's page templates, one per language (server/blog/pages.ts fills them): the template
 * with the blog chunk's and its catalogs' preload links and the root's `data-module` and
 * `data-catalog` (src/site.tsx), and a marker where the server puts the page's JSON.
 */
async function writeBlogTemplates(dist: string, template: string, manifest: Manifest): Promise<void> {
  const keys = Object.keys(manifest);
  const moduleKey = only(
    keys.filter((key) => key.endsWith('src/features/blog/BlogPage.tsx')),
    'the chunk of the blog pages',
  );
  for (const locale of LOCALES) {
    const catalogKey = only(
      keys.filter((key) => key.endsWith(`locales/${locale}/pages/blog.po`)),
      `the ${locale} catalog of the blog`,
    );
    const siteCatalogKey =
      locale === 'vi'
        ? null
        : only(
            keys.filter((key) => key.endsWith(`locales/${locale}/site.po`)),
            `the ${locale} site catalog`,
          );
    const rootData = [
      'data-page="blog"',
      `data-locale="${locale}"`,
      `data-module="/${manifest[moduleKey]!.file}"`,
      `data-catalog="/${manifest[catalogKey]!.file}"`,
      ...(siteCatalogKey ? [`data-site-catalog="/${manifest[siteCatalogKey]!.file}"`] : []),
    ].join(' ');
    const links = chunkLinks(manifest, [moduleKey, catalogKey, ...(siteCatalogKey ? [siteCatalogKey] : [])], template);
    const out = template
      .replace('<html lang="vi">', `<html lang="${locale}">`)
      .replace('<!--app-head-->', `<!--app-head-->\n    ${links}`)
      .replace('data-page=""', rootData)
      .replace('<!--app-html--></div>', '<!--app-html--></div>\n    <!--blog-data-->');
    if (!out.includes('<!--blog-data-->') || !out.includes('data-page="blog"') || !out.includes('<!--app-head-->')) {
      throw new Error('index.html lost its <html lang="vi">, data-page="", <!--app-head--> or <!--app-html--></div> marker');
    }
    await writeFile(join(dist, BLOG_BUNDLE_DIR, `template.${locale}.html`), await inlineStylesheets(scriptsAfterFirstPaint(out), dist));
  }
}

/**
 * The pages above a page in the breadcrumb: the home page, then each ancestor path that is a
 * page itself (/guidelines/image-editing above …/basic). Pages are rendered parents first.
 */
function trailOf(path: string, locale: SiteLocale, titles: Map<string, string>): Array<{ name: string; path: string }> {
  const trail = [{ name: locale === 'vi' ? 'Trang chủ' : 'Home', path: '/' }];
  const parts = path.split('/').filter(Boolean);
  for (let index = 1; index < parts.length; index += 1) {
    const ancestor = `/${parts.slice(0, index).join('/')}`;
    const name = titles.get(`${locale}:${ancestor}`);
    if (name) trail.push({ name, path: ancestor });
  }
  return trail;
}

/**
 * The page's style sheets written into it, each where its link was (the cascade keeps its order):
 * a separate sheet blocks the first paint for a round trip each (Lighthouse counted five on `/`,
 * some 300 ms on a mobile connection), and the few kilobytes a page's styles weigh cost less inline.
 * The SPA keeps the files; the content security policy allows inline styles.
 */
async function inlineStylesheets(html: string, dist: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)];
  let out = html;
  for (const [link, file] of links) {
    const css = (await readFile(join(dist, file!), 'utf8')).trim();
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains </style`);
    out = out.replace(link, () => `<style>${css}</style>`);
  }
  return out;
}

/** The one key of `keys`, or an error naming what the build lacks. */
function only(keys: string[], what: string): string {
  if (keys.length !== 1) throw new Error(`The build has ${keys.length === 0 ? 'no' : 'more than one'} ${what}`);
  return keys[0]!;
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
    for (const i of chunk.imports ?? []) visit(i);
    // After what it imports, as the bundle loads them: a page's own rules come after the shared
    // ones they refine (the same specificity, so the later sheet wins).
    css.push(...(chunk.css ?? []));
  };
  for (const key of keys) visit(key);
  // Files the template already links (the entry's own chunks and styles) are not repeated.
  const fresh = (f: string) => !template.includes(`/${f}"`);
  return [
    ...[...new Set(css)].filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...new Set(js)].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
}
