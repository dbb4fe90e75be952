/**
 * A post's markdown rendered on save (server/blog/markdown.ts): nothing the author types becomes
 * markup of its own (script, iframe, on* attributes, javascript: URLs, raw HTML), headings get
 * unique ASCII ids and the table of contents lists h2–h3, external links open safely.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_REL, renderMarkdown } from '../../server/blog/markdown.ts';

const render = (markdown: string) => renderMarkdown(markdown, { locale: 'vi', siteOrigin: 'https://atelier.example' });

/** Elements and attributes that must never be in a post's HTML, whatever the author wrote. */
const DANGEROUS_MARKUP = /<(?:script|iframe|object|embed|style|form|svg|math|noscript|template|base|meta|link)\b|\s(?:on[a-z]+|style|srcdoc|formaction)\s*=/i;
/** URL schemes no link or image may have. */
const DANGEROUS_URL = /^\s*(?:javascript|vbscript|data):/i;

/**
 * What is wrong with rendered HTML: its tags (attribute values blanked: the stringifier always
 * double-quotes them and escapes quotes inside, so what is left is tag and attribute names) and
 * its URLs.
 */
function dangers(html: string): string[] {
  const found: string[] = [];
  // Text never holds a raw '<' (the stringifier writes &#x3C;), so every '<' opens a tag.
  for (const [tag] of html.replace(/"[^"]*"/g, '""').matchAll(/<[^>]*>/g)) {
    const match = DANGEROUS_MARKUP.exec(tag);
    if (match) found.push(`markup ${match[0]}`);
  }
  for (const [, url] of html.matchAll(/\s(?:href|src|cite|longdesc)="([^"]*)"/gi)) {
    const decoded = (url ?? '').replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/&amp;/g, '&');
    if (DANGEROUS_URL.test(decoded)) found.push(`url ${decoded}`);
  }
  return found;
}

const HOSTILE = [
  '<script>alert(1)</script>',
  'Xin chào <script src="https://evil.example/x.js"></script> bạn',
  '<SCRIPT>alert(1)</SCRIPT>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">bấm</a>',
  '[bấm](javascript:alert(1))',
  '[bấm](JaVaScRiPt:alert(1))',
  '[bấm](  javascript:alert(1))',
  '[bấm](java&#x09;script:alert(1))',
  '[bấm](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![ảnh](javascript:alert(1))',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="position:fixed" onclick="steal()">x</div>',
  '<svg onload="alert(1)"><circle/></svg>',
  '<form action="https://evil.example"><input name="p"></form>',
  '<details open ontoggle="alert(1)">x</details>',
  '<style>body{display:none}</style>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '## Tiêu đề <img src=x onerror=alert(1)>',
  '[link](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '<!-- <script>alert(1)</script> -->',
  '```html\n<script>alert(1)</script>\n```',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

describe('sanitising', () => {
  it.each(HOSTILE)('nothing dangerous survives %s', (markdown) => {
    const { html } = render(`Đoạn đầu.\n\n${markdown}\n\nĐoạn cuối.`);
    expect(dangers(html)).toEqual([]);
    // The text around the hostile part is still there.
    expect(html).toContain('Đoạn đầu.');
    expect(html).toContain('Đoạn cuối.');
  });

  it('shows code as text: a script in a code block is escaped, not markup', () => {
    const { html } = render('```html\n<script>alert(1)</script>\n```');
    expect(html).toContain('&#x3C;script>alert(1)&#x3C;/script>');
  });

  it('drops raw HTML tags entirely, even harmless ones', () => {
    const { html } = render('Một <b>chữ</b> <span class="x">đậm</span>.\n\n<div>khối</div>');
    expect(html).not.toMatch(/<b>|<span|<div/);
  });

  it('never lets random markdown with HTML fragments produce dangerous markup', () => {
    const fragment = fc.constantFrom(
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      'javascript:',
      '[a](',
      ')',
      '<',
      '>',
      '"',
      "'",
      '`',
      '\n\n',
      '## ',
      '| a |',
      '<iframe>',
      ' onload=',
      'Áo dài',
      '&#106;avascript:',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        expect(dangers(render(parts.join('')).html)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('links', () => {
  it('opens external links in a new tab with rel noopener noreferrer nofollow; internal and own-site links stay as they are', () => {
    const { html } = render(
      '[ngoài](https://example.com/a) [trong](/pricing) [tiếng Anh](/en/privacy) [nhà](https://atelier.example/blog) <https://auto.example>',
    );
    expect(html).toContain(`<a href="https://example.com/a" rel="${EXTERNAL_LINK_REL}" target="_blank">ngoài</a>`);
    expect(html).toContain(`<a href="https://auto.example" rel="${EXTERNAL_LINK_REL}" target="_blank">`);
    expect(html).toContain('<a href="/pricing">trong</a>');
    expect(html).toContain('<a href="/en/privacy">tiếng Anh</a>');
    expect(html).toContain('<a href="https://atelier.example/blog">nhà</a>');
  });
});

describe('headings and the table of contents', () => {
  it('gives headings ASCII ids without diacritics (đ → d), unique within the post, and lists h2–h3', () => {
    const { html, toc } = render(
      [
        '## Áo dài & Đẹp',
        'x',
        '### Đường may',
        'x',
        '## Áo dài & Đẹp',
        'x',
        '#### Chi tiết nhỏ',
        'x',
        '## Ảnh **đẹp** với `code`',
        'x',
        '## 🎉',
        'x',
        '## 🎉',
      ].join('\n\n'),
    );
    expect(toc).toEqual([
      { id: 'ao-dai-dep', text: 'Áo dài & Đẹp', depth: 2 },
      { id: 'duong-may', text: 'Đường may', depth: 3 },
      { id: 'ao-dai-dep-2', text: 'Áo dài & Đẹp', depth: 2 },
      { id: 'anh-dep-voi-code', text: 'Ảnh đẹp với code', depth: 2 },
      { id: 'muc', text: '🎉', depth: 2 },
      { id: 'muc-2', text: '🎉', depth: 2 },
    ]);
    expect(html).toContain('<h2 id="ao-dai-dep">');
    expect(html).toContain('<h2 id="ao-dai-dep-2">');
    expect(html).toContain('<h3 id="duong-may">');
    expect(html).toContain('<h4 id="chi-tiet-nho">');
    for (const entry of toc) expect(entry.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('turns a # heading into an h2 (the page title is the only h1)', () => {
    const { html, toc } = render('# Mở đầu\n\nx');
    expect(html).toContain('<h2 id="mo-dau">Mở đầu</h2>');
    expect(html).not.toContain('<h1');
    expect(toc).toEqual([{ id: 'mo-dau', text: 'Mở đầu', depth: 2 }]);
  });

  it('does not let a heading take a footnote id, and leaves the footnotes out of the toc', () => {
    const { html, toc } = render('## User content fn 1\n\nChú thích[^1].\n\n[^1]: Ghi chú.');
    expect(toc).toEqual([{ id: 'user-content-fn-1-2', text: 'User content fn 1', depth: 2 }]);
    expect(html).toContain('id="user-content-fn-1"');
    expect(html).toContain('href="#user-content-fn-1"');
    expect(html).toContain('Chú thích</h2>');
  });
});

describe('tables, code and plain text', () => {
  it('keeps GFM tables, code with its language, strikethrough and task lists', () => {
    const { html } = render('| Cột | Số |\n| :-- | --: |\n| a | 1 |\n\n```ts\nconst a = 1;\n```\n\n~~cũ~~\n\n- [x] xong');
    expect(html).toContain('<table>');
    expect(html).toContain('<th align="left">Cột</th>');
    expect(html).toContain('<td align="right">1</td>');
    expect(html).toContain('<code class="language-ts">');
    expect(html).toContain('<del>cũ</del>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
  });

  it('gives the plain text with blocks separated and inline formatting joined', () => {
    const { text } = render('## Tiêu đề\n\nMột **đậm**nhạt đoạn.\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(text).toBe('Tiêu đề Một đậmnhạt đoạn. a b 1 2');
  });
});
