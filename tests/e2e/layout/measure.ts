/* oxlint-disable unicorn/consistent-function-scoping -- the helpers inside page.evaluate run in the page: they cannot move out of it. */
import type { Page } from '@playwright/test';

/**
 * What the tablet and phone walks measure on a screen: the faults a person sees when a layout does
 * not fit. One definition, used by every walk (tests/e2e/layout/*.spec.ts).
 *
 * - **overflow**: the page scrolls sideways (the document is wider than the window), naming the
 *   elements that reach past the right edge;
 * - **spills**: text wider than its box, or a box of text that reaches out of the card or panel it
 *   is drawn in (a price running into the next plan's card);
 * - **clipped**: an element that hides what does not fit (`overflow: hidden` or `clip`) cuts its
 *   own text or content ("Quần & châ"), or a text field shows less than its value ("16" for 165);
 *   an ellipsis is allowed where the full text is one hover or one screen reader away (`title` or
 *   `aria-label`);
 * - **scrolls sideways**: a box that scrolls horizontally inside the page (a table wider than its
 *   panel, a row of tabs whose last one is cut at the edge: "Quần & châ"), unless it says it is
 *   meant to (`data-scroll-x`, a code block, a table that is its own scrolling frame);
 * - **broken word**: a word split across lines (one letter per line in a squeezed column, an error
 *   code cut mid-word), unless it is longer than any line could hold (a URL, an id in a box that
 *   says `data-wrap-anywhere`).
 */
export interface LayoutFault {
  kind: 'overflow' | 'spills' | 'clipped' | 'scrolls sideways' | 'broken word';
  /** A CSS-like path to the element, short enough to read. */
  where: string;
  /** Its words, cut to 60 characters. */
  text: string;
  /** Widths that show the fault (content vs box), in CSS px. */
  detail: string;
}

/** The two fonts a walk measures with: the machine's default sans-serif, and a phone's metrics. */
export type WalkFont = 'default' | 'phone';

/**
 * Lays the page out in a font with a phone's metrics: the theme's body font (the system stack,
 * which this machine resolves to a wide fallback) becomes Liberation Sans, metric-compatible with
 * Arial and close to Roboto and San Francisco. The theme's custom property is found in the page's
 * style sheets by its value, so the walk follows the theme whatever its generated names.
 * Call it after each document load; 'default' is a no-op on a fresh document, and on one laid out
 * in the phone's font it goes back to the machine's (a walk may measure both fonts on one load).
 */
export async function applyFont(page: Page, font: WalkFont): Promise<void> {
  if (font === 'default') {
    const removed = await page.evaluate(() => {
      const element = document.getElementById('walk-phone-font');
      element?.remove();
      return Boolean(element);
    });
    if (removed) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return;
  }
  await page.evaluate(() => {
    if (document.getElementById('walk-phone-font')) return;
    const names = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) visit((rule as CSSGroupingRule).cssRules);
        const style = (rule as CSSStyleRule).style;
        if (!style) continue;
        for (const name of Array.from(style)) {
          if (name.startsWith('--') && /^\s*system-ui\b/.test(style.getPropertyValue(name))) names.add(name);
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        visit(sheet.cssRules);
      } catch {
        // A cross-origin sheet: none of ours.
      }
    }
    const element = document.createElement('style');
    element.id = 'walk-phone-font';
    element.textContent = `:root { ${[...names].map((name) => `${name}: "Liberation Sans", Arial, sans-serif !important;`).join(' ')} }
body { font-family: "Liberation Sans", Arial, sans-serif; }`;
    document.head.append(element);
  });
  // The new font lays the page out again before the next measure.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The faults on the page as it is laid out now (see LayoutFault). */
export async function layoutFaults(page: Page): Promise<LayoutFault[]> {
  return page.evaluate(() => {
    const faults: LayoutFault[] = [];
    const width = document.documentElement.clientWidth;
    const words = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const where = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const id = node.getAttribute('data-testid');
        parts.unshift(id ? `${node.localName}[data-testid=${id}]` : `${node.localName}${node.classList.length ? `.${[...node.classList][0]}` : ''}`);
        if (id) break;
      }
      return parts.join(' > ');
    };
    const shown = (element: Element) => (element as HTMLElement).checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true }) ?? true;
    const all = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'svg'].includes(element.nodeName) && !element.closest('svg') && shown(element),
    );

    // The page scrolls sideways: the deepest elements that reach past the right edge.
    if (document.scrollingElement && document.scrollingElement.scrollWidth > width + 1) {
      const past = all.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed';
      });
      const deepest = past.filter((element) => !past.some((other) => other !== element && element.contains(other))).slice(0, 5);
      faults.push({
        kind: 'overflow',
        where: deepest.map(where).join(' | ') || 'document',
        text: deepest.map(words).join(' | '),
        detail: `page ${document.scrollingElement.scrollWidth} px in ${width} px`,
      });
    }

    for (const element of all) {
      const style = getComputedStyle(element);
      const html = element as HTMLElement;
      // A text field narrower than its value.
      if (element instanceof HTMLInputElement && ['text', 'number', 'email', 'search', 'tel', 'url', ''].includes(element.type) && element.value) {
        if (element.scrollWidth > element.clientWidth + 1) {
          faults.push({
            kind: 'clipped',
            where: where(element),
            text: element.value.slice(0, 60),
            detail: `value ${element.scrollWidth} px in ${element.clientWidth} px`,
          });
        }
        continue;
      }
      // Text hidden for screen readers only (1 px boxes) is not shown, so not clipped.
      if (html.clientWidth <= 2 || html.clientHeight <= 2) continue;
      const overX = html.scrollWidth > html.clientWidth + 1;
      const overY = html.scrollHeight > html.clientHeight + 1;
      if (!overX && !overY) continue;
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      const scrolls = (value: string) => value === 'auto' || value === 'scroll';
      if (overX && scrolls(style.overflowX)) {
        // A table that is its own scrolling frame (`display: block; overflow-x: auto`, a text's
        // wide table on a phone) scrolls on purpose, as a code block does; a panel that clips a
        // table wider than itself does not say so. A row of tabs that scrolls hides its last ones.
        const meant = element.localName === 'table' || element.closest('[data-scroll-x], pre, code') !== null;
        if (!meant)
          faults.push({
            kind: 'scrolls sideways',
            where: where(element),
            text: words(element),
            detail: `content ${html.scrollWidth} px in ${html.clientWidth} px`,
          });
        continue;
      }
      // Only boxes that hold text of their own: a hidden-overflow wrapper around an image or a
      // rounded card whose children fit is not clipping words.
      const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!ownText) continue;
      const explained = element.hasAttribute('title') || element.hasAttribute('aria-label') || element.closest('[title]') !== null;
      if (overX && style.overflowX === 'visible') {
        faults.push({ kind: 'spills', where: where(element), text: words(element), detail: `text ${html.scrollWidth} px in a ${html.clientWidth} px box` });
      } else if (overX && hides(style.overflowX) && !(style.textOverflow === 'ellipsis' && explained)) {
        faults.push({ kind: 'clipped', where: where(element), text: words(element), detail: `text ${html.scrollWidth} px in ${html.clientWidth} px` });
      } else if (overY && hides(style.overflowY) && style.webkitLineClamp === 'none' && !explained) {
        faults.push({ kind: 'clipped', where: where(element), text: words(element), detail: `text ${html.scrollHeight} px high in ${html.clientHeight} px` });
      }
    }

    // Text that fits its own box while that box reaches out of the card or panel it is drawn in
    // (a price wider than its plan's card runs into the next one): the nearest ancestor with a
    // background, a border or a shadow of its own, or one that hides what does not fit. A box that
    // scrolls is measured above.
    const framed = (style: CSSStyleDeclaration) =>
      style.overflowX !== 'visible' ||
      style.boxShadow !== 'none' ||
      !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor) ||
      ['Left', 'Right'].some(
        (side) =>
          parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
          style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
      );
    for (const element of all) {
      if (!Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue;
      // An overlay placed on purpose (a menu, a tooltip, a badge over a corner) is not in its frame's flow.
      const placed = (node: Element) => ['absolute', 'fixed'].includes(getComputedStyle(node).position);
      if (placed(element)) continue;
      let frame: Element | null = element.parentElement;
      while (frame && frame !== document.body && !framed(getComputedStyle(frame)) && !placed(frame)) frame = frame.parentElement;
      if (!frame || frame === document.body || !framed(getComputedStyle(frame))) continue;
      const style = getComputedStyle(frame);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      // A 1 px box that hides its text is a screen reader's label, not a frame.
      if (frame.clientWidth <= 2) continue;
      const outer = frame.getBoundingClientRect();
      const past = Math.max(box.right - outer.right, outer.left - box.left);
      if (past > 1) {
        faults.push({
          kind: style.overflowX === 'visible' ? 'spills' : 'clipped',
          where: where(element),
          text: words(element),
          detail: `${Math.round(past)} px out of ${where(frame)} (${Math.round(box.width)} px in ${Math.round(outer.width)} px)`,
        });
      }
    }

    // Words split across lines. A word longer than the widest line its box allows (a URL, a long
    // id) may wrap; so may text in a box that says so.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const shownSet = new Set(all);
    const reported = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || reported.has(parent) || !shownSet.has(parent) || parent.closest('pre, [data-wrap-anywhere], svg')) continue;
      const text = node.textContent ?? '';
      // A line may end at a space, a soft hyphen, a slash, a dash or a bracket (`{id}.{body}`).
      for (const match of text.matchAll(/[^\s\u00ad\u200b/–—(){}[\]-]{2,}/gu)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size < 2) continue;
        // The widest line the word could have: its block's (an inline element's box is only its
        // lines' outline), and in a table the table's own box, since a column narrower than a
        // word (an error code) squeezed itself to break it.
        const block = (() => {
          const cell = parent.closest('td, th');
          if (cell) return cell.closest('table')?.parentElement ?? cell;
          let holder: Element = parent;
          while (holder.parentElement && getComputedStyle(holder).display.startsWith('inline')) holder = holder.parentElement;
          return holder;
        })();
        const box = block.getBoundingClientRect();
        const alone = document.createElement('span');
        alone.textContent = match[0];
        alone.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
        parent.append(alone);
        const wordWidth = alone.getBoundingClientRect().width;
        alone.remove();
        if (wordWidth <= box.width + 1 || match[0].length <= 12) {
          faults.push({
            kind: 'broken word',
            where: where(parent),
            text: match[0].slice(0, 60),
            detail: `a ${Math.round(wordWidth)} px word on ${lines.size} lines in ${Math.round(box.width)} px`,
          });
          reported.add(parent);
          break;
        }
      }
    }
    return faults;
  });
}

/** One line per fault, for a failure message. */
export function describeFaults(screen: string, faults: readonly LayoutFault[]): string[] {
  return faults.map((fault) => `${screen}: ${fault.kind} at ${fault.where} “${fault.text}” (${fault.detail})`);
}
