/**
 * The i18n check: extracts every message from the code into the catalogs, then fails when a
 * message has no Vietnamese text or no English translation. Vietnamese is the source locale,
 * so its text is the message itself; English must be translated explicitly.
 *
 * It also checks the words (scripts/i18n-rules.ts): the glossary's rejected forms and misplaced
 * tone marks in the Vietnamese messages, the server's texts and the Vietnamese content
 * (docs/glossary.md), text not in Unicode NFC, a glossary word translated by another English word,
 * and an English translation that writes a count outside a plural ("{0} requests").
 */
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { misplacedToneMarks, missingEnglishTerms, parseGlossary, rejectedForms, unpluralisedCounts } from './i18n-rules.ts';

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
const glossary = parseGlossary(await readFile(resolve(root, 'docs/glossary.md'), 'utf8'));

/**
 * Messages whose English puts a placeholder before a plural noun that is not a count: a list of
 * file types, of durations or of upscale factors, and a verb after a model's name.
 */
const NOT_COUNTS = new Set([
  'Loại tệp không hợp lệ. Vui lòng chỉ tải lên tệp {acceptedTypes}.',
  '{modelLabel} chỉ tạo {option} với thời lượng {durations} giây.',
  'Phóng to {list} dành cho gói trả phí.',
]);

/** The word rules on a Vietnamese text (`where` names it in a problem). */
function checkVietnamese(where: string, text: string) {
  if (text !== text.normalize('NFC')) problems.push(`${where}: not in Unicode NFC`);
  for (const { found, use } of rejectedForms(text, glossary))
    problems.push(`${where}: "${found}" is not the glossary's form: write "${use}" (docs/glossary.md)`);
  for (const { found, use } of misplacedToneMarks(text))
    problems.push(`${where}: "${found}" has its tone mark misplaced: write "${use}" (docs/glossary.md#spelling-rules)`);
}
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
      if (locale === 'vi') checkVietnamese(`vi/${catalog}: "${entry.msgid}"`, entry.msgid);
      if (locale !== 'en') continue;
      if (!entry.msgstr.trim()) {
        problems.push(`en/${catalog}: missing translation for "${entry.msgid}"`);
        continue;
      }
      if (entry.msgstr !== entry.msgstr.normalize('NFC')) problems.push(`en/${catalog}: "${entry.msgid}": translation not in Unicode NFC`);
      for (const term of missingEnglishTerms(entry.msgid, entry.msgstr, glossary)) {
        problems.push(`en/${catalog}: "${entry.msgid}" says "${term.vi}", so its translation must say "${term.englishMustSay}" (docs/glossary.md)`);
      }
      if (!NOT_COUNTS.has(entry.msgid)) {
        for (const found of unpluralisedCounts(entry.msgstr)) {
          problems.push(
            `en/${catalog}: "${entry.msgstr}" writes a count outside a plural ("${found}"): use <Plural>, plural() or an ICU plural with one and other`,
          );
        }
      }
    }
  }
  if (size.vi !== size.en) problems.push(`${catalog}: vi has ${size.vi} messages, en ${size.en}`);
}
// The server's texts (mails, pages, errors: its code has no other Vietnamese) and the Vietnamese content.
const serverFiles = (await readdir(resolve(root, 'server'), { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const contentFiles = (await readdir(resolve(root, 'content'), { recursive: true })).filter((file) => /(^|[/.])vi\.md$/.test(file));
const texts = [...serverFiles.map((file) => resolve(root, 'server', file)), ...contentFiles.map((file) => resolve(root, 'content', file))];
for (const file of texts) checkVietnamese(relative(root, file), await readFile(file, 'utf8'));

if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `i18n check: ${counts.vi} messages, all present in vi and en; the words of the messages, ${serverFiles.length} server files and ${contentFiles.length} Vietnamese content files follow docs/glossary.md.`,
);
