/**
 * The one icon set. Every icon is decorative (aria-hidden): the control that holds it carries
 * the accessible name. Import from here; tree-shaking keeps only the icons a page uses.
 */
export * from './icon.tsx';
export * from './app.tsx';
export * from './auth.tsx';
export * from './media.tsx';
export * from './site.tsx';
