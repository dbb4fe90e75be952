import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, scriptsAfterFirstPaint } from './after-paint.ts';

const page = `<!doctype html>
<html lang="vi">
  <head>
    <script>inline()</script>
    <script type="module" crossorigin src="/assets/site-abc1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def5678.js">
    <link rel="stylesheet" crossorigin href="/assets/site-abc1234.css">
    <link rel="modulepreload" href="/assets/page-0123456.js" />
  </head>
  <body>
    <div id="root"><h1>Xin chào</h1></div>
  </body>
</html>`;

describe('scriptsAfterFirstPaint', () => {
  it('moves module scripts and preloads into a template the loader inserts after the first paint', () => {
    const out = scriptsAfterFirstPaint(page);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain('modulepreload');
    // Inline scripts and style sheets stay where they were.
    expect(head).toContain('<script>inline()</script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/site-abc1234.css">');
    const template = /<template id="after-paint">([\s\S]*?)<\/template>/.exec(out)?.[1];
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/site-abc1234.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-def5678.js">' +
        '<link rel="modulepreload" href="/assets/page-0123456.js" />',
    );
    // The template comes after the page's content, and the loader right after it, before </body>.
    expect(out.indexOf('<template')).toBeGreaterThan(out.indexOf('Xin chào'));
    expect(out).toContain(`</template>\n    <script>${AFTER_PAINT_LOADER}</script>\n  </body>`);
  });

  it('refuses a page without a module script or without a body end', () => {
    expect(() => scriptsAfterFirstPaint('<html><body></body></html>')).toThrow(/no module script/);
    expect(() => scriptsAfterFirstPaint('<script type="module" src="/a.js"></script>')).toThrow(/no <\/body>/);
  });

  it('inserts the template tags into the head after the first frame, one a task, in order', () => {
    const calls: string[] = [];
    const appended: string[] = [];
    const tasks: Array<() => void> = [];
    const children = ['<link a>', '<script b>', '<link c>'].map((tag) => ({ cloneNode: (deep: boolean) => (deep ? `clone of ${tag}` : tag) }));
    const document = {
      getElementById: (id: string) => (id === 'after-paint' ? { content: { children } } : null),
      head: { appendChild: (node: string) => appended.push(node) },
    };
    const requestAnimationFrame = (fn: () => void) => {
      calls.push('frame');
      fn();
    };
    const setTimeout = (fn: () => void) => {
      calls.push('timer');
      tasks.push(fn);
    };
    // A message channel whose messages are tasks of their own.
    class MessageChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = {
        postMessage: () => {
          calls.push('message');
          tasks.push(() => this.port1.onmessage?.());
        },
      };
    }
    new Function('requestAnimationFrame', 'setTimeout', 'MessageChannel', 'document', AFTER_PAINT_LOADER)(
      requestAnimationFrame,
      setTimeout,
      MessageChannel,
      document,
    );
    // Nothing before the task after the frame, then a tag per task.
    expect(appended).toEqual([]);
    tasks.shift()!(); // the timer after the frame: it only posts the first message
    expect(appended).toEqual([]);
    for (let run = 1; run <= 3; run++) {
      tasks.shift()!();
      expect(appended).toHaveLength(run);
    }
    tasks.shift()!(); // the last message finds no more tags and posts nothing
    expect(tasks).toEqual([]);
    expect(appended).toEqual(['clone of <link a>', 'clone of <script b>', 'clone of <link c>']);
    expect(calls).toEqual(['frame', 'timer', 'message', 'message', 'message', 'message']);
  });
});
