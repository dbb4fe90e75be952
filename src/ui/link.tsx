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

export function AppLink({ to, children, ...rest }: AppLinkProps) {
  // The provided component is module-level and stable, never created during render.
  const routerLink = useContext(LinkContext);
  if (routerLink) return createElement(routerLink, { to, ...rest }, children);
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}
