/**
 * XML text for the feeds and the sitemap: escaping, and the characters XML 1.0 cannot carry at
 * all (C0 controls other than tab and line breaks, U+FFFE, U+FFFF, lone surrogates), which are
 * dropped rather than escaped (a character reference to them is not well-formed either).
 */

/** Tab, line feed, carriage return: the only C0 controls XML 1.0 allows. */
const ALLOWED_CONTROLS: ReadonlySet<number> = new Set([0x09, 0x0a, 0x0d]);
/** The first character that is not a C0 control. */
const FIRST_PRINTABLE = 0x20;

/** Whether XML 1.0 can carry this code point (iterated by code point: a lone surrogate comes alone). */
function isXmlChar(codePoint: number): boolean {
  if (codePoint < FIRST_PRINTABLE) return ALLOWED_CONTROLS.has(codePoint);
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return false;
  return codePoint !== 0xfffe && codePoint !== 0xffff;
}

/** `text` without the characters XML cannot carry. */
export function xmlChars(text: string): string {
  let out = '';
  for (const char of text) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an element or a double- or single-quoted attribute. */
export function xmlEscape(text: string): string {
  return xmlChars(text).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** `<name attrs>escaped text</name>`. */
export function element(name: string, text: string, attributes: Readonly<Record<string, string>> = {}): string {
  return `<${name}${attributesOf(attributes)}>${xmlEscape(text)}</${name}>`;
}

/** `<name attrs/>`. */
export function emptyElement(name: string, attributes: Readonly<Record<string, string>>): string {
  return `<${name}${attributesOf(attributes)}/>`;
}

function attributesOf(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${xmlEscape(value)}"`)
    .join('');
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
