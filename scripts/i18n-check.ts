/**
 * The i18n check: extracts every message from the code into the catalogs, then fails when a
 * message has no Vietnamese text or no English translation. Vietnamese is the source locale,
 * so its text is the message itself; English must be translated explicitly.
 */
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const extract = spawnSync('lingui', ['extract', '--clean'], { cwd: root, encoding: 'utf8' });
if (extract.status !== 0) {
  process.stdout.write(extract.stdout);
  process.stderr.write(extract.stderr);
  process.exit(extract.status ?? 1);
}

interface Entry {
  msgid: string;
  msgstr: string;
  obsolete: boolean;
}

/** A small .po reader: enough for the catalogs Lingui writes (msgid/msgstr with continuations). */
export function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const obsolete = lines.some((l) => l.startsWith('#~'));
    const field = (name: 'msgid' | 'msgstr') => {
      const out: string[] = [];
      let inField = false;
      for (const raw of lines) {
        const line = raw.replace(/^#~ /, '');
        if (line.startsWith(`${name} `)) {
          inField = true;
          out.push(line.slice(name.length + 1));
        } else if (inField && line.startsWith('"')) out.push(line);
        else inField = false;
      }
      return out.map((s) => JSON.parse(s) as string).join('');
    };
    const msgid = field('msgid');
    if (!msgid) continue; // header
    entries.push({ msgid, msgstr: field('msgstr'), obsolete });
  }
  return entries;
}

const problems: string[] = [];
// Every catalog the extraction wrote (site, app, pages/<name>), as paths below src/locales/vi.
const CATALOGS = (await readdir(resolve(root, 'src/locales/vi'), { recursive: true }))
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.replace(/\.po$/, ''))
  .toSorted();
if (CATALOGS.length === 0) problems.push('no catalogs found in src/locales/vi');
const counts: Record<string, number> = { vi: 0, en: 0 };
for (const catalog of CATALOGS) {
  const size: Record<string, number> = {};
  for (const locale of ['vi', 'en']) {
    const file = resolve(root, `src/locales/${locale}/${catalog}.po`);
    const entries = parsePo(await readFile(file, 'utf8')).filter((e) => !e.obsolete);
    size[locale] = entries.length;
    counts[locale]! += entries.length;
    for (const entry of entries) {
      if (locale === 'en' && !entry.msgstr.trim()) problems.push(`en/${catalog}: missing translation for "${entry.msgid}"`);
    }
  }
  if (size.vi !== size.en) problems.push(`${catalog}: vi has ${size.vi} messages, en ${size.en}`);
}
if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n check: ${counts.vi} messages, all present in vi and en.`);
