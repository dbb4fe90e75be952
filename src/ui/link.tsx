import { createContext, createElement, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/**
 * Links in components shared by the pre-rendered public site and the SPA.
 *
 * Public pages are hydrated by a small entry (src/site.tsx) that does not ship the router, so
 * their links are plain anchors there; inside the SPA the same components get the router's
 * `Link` through this context (see src/routes/__root.tsx) and navigate client-side.
 */
export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute app path such as "/about" or "/services/virtual-tryon". */
  to: string;
  children?: ReactNode;
}

const LinkContext = createContext<ComponentType<AppLinkProps> | null>(null);

export const LinkProvider = LinkContext.Provider;

/** True inside the SPA (links navigate client-side), false on a pre-rendered public page. */
export function useClientNavigation(): boolean {
  return useContext(LinkContext) !== null;
}

/**
 * Where a link really goes: the public site puts its English pages under `/en`, and some public
 * pages exist only as documents (no SPA route). The SPA's root (src/routes/__root.tsx) and the
 * pre-rendered pages (src/features/site/SitePageView.tsx) provide it from
 * src/features/site/layout/link-resolver.ts; without it a path is used as is.
 */
export type ResolveHref = (to: string) => { href: string; document: boolean };

const HrefContext = createContext<ResolveHref | null>(null);

export const HrefResolverProvider = HrefContext.Provider;

export function AppLink({ to, children, ...rest }: AppLinkProps) {
  // The provided component is module-level and stable, never created during render.
  const routerLink = useContext(LinkContext);
  const resolve = useContext(HrefContext);
  const target = resolve ? resolve(to) : { href: to, document: false };
  if (routerLink && !target.document) return createElement(routerLink, { to: target.href, ...rest }, children);
  return (
    <a href={target.href} {...rest}>
      {children}
    </a>
  );
}
