/**
 * Pre-rendered pages load their JavaScript after the first paint.
 *
 * A pre-rendered page is complete without JavaScript: hydration only makes it interactive. With
 * the page's module and its preloads in the head, the browser fetches ~85 KB of script while it
 * parses the document, and those requests compete with the style sheet and fonts that the first
 * paint waits for (Lighthouse counted them in FCP: 1.9 s against the bare page's 1.1 s). So the
 * module script and the modulepreload links move into an inert `<template>` at the end of the
 * body, and a small inline script inserts them into the head once the first frame is painted
 * (requestAnimationFrame, then a task: the callback runs before the paint, the task after it).
 * It inserts one tag a task: starting a request costs the main thread up to a few milliseconds
 * on a busy machine, and seventeen at once made a task long enough to block input. The tasks
 * follow each other through a message channel, which, unlike nested timers, adds no delay.
 *
 * The loader's text never changes, so every page shares one CSP hash (server/static/build.ts
 * hashes the inline scripts of the served HTML files).
 */
export const AFTER_PAINT_LOADER =
  "requestAnimationFrame(function(){var t=document.getElementById('after-paint'),c=t?t.content.children:[],i=0,m=new MessageChannel;m.port1.onmessage=function(){if(i<c.length){document.head.appendChild(c[i++].cloneNode(true));m.port2.postMessage(0)}};setTimeout(function(){m.port2.postMessage(0)})})";

const SCRIPT_TAGS = /[ \t]*(<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>)\n?/g;

/** The HTML with its module scripts and modulepreload links deferred until after the first paint. */
export function scriptsAfterFirstPaint(html: string): string {
  const tags: string[] = [];
  const rest = html.replace(SCRIPT_TAGS, (_whole, tag: string) => {
    tags.push(tag);
    return '';
  });
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('the page has no module script to defer');
  const end = rest.lastIndexOf('</body>');
  if (end < 0) throw new Error('the page has no </body>');
  const deferred = `    <template id="after-paint">${tags.join('')}</template>\n    <script>${AFTER_PAINT_LOADER}</script>\n  `;
  return rest.slice(0, end) + deferred + rest.slice(end);
}
