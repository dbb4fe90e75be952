import type { ReactNode, SVGProps } from 'react';

/**
 * Small inline icons (no icon library: the public pages have a tight JS budget). Every icon is
 * decorative: the control that holds it carries the accessible name.
 *
 * One module an icon (app/, auth/, media/, site/), imported from its own file: with no barrel, the
 * bundler places each icon in the chunk of the pages that use it, so the public pages do not
 * carry the studio's icons and the other way round.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in px. */
  size?: number;
}

export type IconComponent = (props: IconProps) => ReactNode;

/** The frame of every line icon: a 24-unit grid drawn in currentColor; `strokeWidth` and `size` vary by place. */
export function Stroke({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function Fill({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

/** The studio chrome's line icons: 20 px, a lighter stroke. */
export function Line({ size = 20, strokeWidth = 1.6, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <Stroke size={size} strokeWidth={strokeWidth} {...rest}>
      {children}
    </Stroke>
  );
}

/** The frame of the media viewers' and pickers' icons (navigate, zoom, play, download): 20 px, a firmer stroke. */
export function Media({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Stroke size={20} strokeWidth={1.8} {...props}>
      {children}
    </Stroke>
  );
}

/** The name the app's icon lists use for an icon component. */
export type Icon = IconComponent;
