/**
 * CSP hashes of inline scripts. The browser hashes the exact text between `<script …>` and
 * `</script>` (a script element's content is raw text: no entity decoding), so that is what is
 * hashed here, byte for byte as UTF-8.
 */
import { createHash } from 'node:crypto';

// Whichever comes first: a comment (skipped whole, so a commented-out script is not hashed) or
// a script start tag. Script content cannot contain "</script" (the tokenizer ends the element
// there), so its text runs to the first closing tag.
const COMMENT_OR_SCRIPT = /<!--[\s\S]*?(?:-->|$)|<script\b([^>]*)>/gi;
const SCRIPT_CLOSE = /<\/script[\s>/]/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/** Texts of the inline scripts (those without a `src` attribute) of an HTML document. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  // Fresh copies: /g regexes carry their position (lastIndex) between calls.
  const nextCommentOrScript = new RegExp(COMMENT_OR_SCRIPT);
  const scriptEnd = new RegExp(SCRIPT_CLOSE);
  for (let match = nextCommentOrScript.exec(html); match; match = nextCommentOrScript.exec(html)) {
    const attributes = match[1];
    if (attributes === undefined) continue; // a comment
    scriptEnd.lastIndex = nextCommentOrScript.lastIndex;
    const end = scriptEnd.exec(html);
    const textEnd = end ? end.index : html.length;
    if (!SRC_ATTRIBUTE.test(attributes)) scripts.push(html.slice(nextCommentOrScript.lastIndex, textEnd));
    nextCommentOrScript.lastIndex = textEnd;
  }
  return scripts;
}

/** Base64 sha256 of a script's text, as written after `'sha256-` in a CSP. */
export function scriptHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}
