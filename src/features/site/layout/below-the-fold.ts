/**
 * Style of a part of a public page that starts below the first screen: the browser skips its
 * style, layout and paint until it nears the viewport (`content-visibility: auto`), so the first
 * frame lays out the top of the page only (a landing page's first layout took half the time).
 * Before its first rendering the part holds an estimated height, and its real one after (`auto`).
 * Its content stays in the accessibility tree, in find-in-page and reachable by anchors; it paints
 * within its own box, so nothing in it may overflow that box or be `position: fixed` (dialogs
 * render in a portal or the top layer). Only for parts on the page's own light background: an
 * accessibility checker sees no background behind a skipped part's text.
 */
export function belowTheFold(estimatedHeight: string) {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedHeight}` } as const;
}
