import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScripts, scriptHash } from './inline-scripts.ts';

describe('inlineScripts', () => {
  it('returns the exact text of scripts without src, in order', () => {
    const html = `<head>
      <script>  let a = 1;\n</script>
      <script type="module" src="/assets/app.js"></script>
      <SCRIPT type="module">import('/x.js')</SCRIPT >
      <script data-src="not-a-src">b()</script>
    </head>`;
    expect(inlineScripts(html)).toEqual(['  let a = 1;\n', "import('/x.js')", 'b()']);
  });

  it('skips scripts inside comments but keeps "<!--" inside script text', () => {
    const html = '<!-- <script>old()</script> --><script>if (a <!--b) c("-->")</script>';
    expect(inlineScripts(html)).toEqual(['if (a <!--b) c("-->")']);
  });

  it('keeps an empty inline script (its hash is still required)', () => {
    expect(inlineScripts('<script></script>')).toEqual(['']);
  });
});

describe('scriptHash', () => {
  it('is the base64 sha256 of the UTF-8 text', () => {
    expect(scriptHash('é')).toBe(createHash('sha256').update(Buffer.from('é', 'utf8')).digest('base64'));
    expect(scriptHash('')).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});
