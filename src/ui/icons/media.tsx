import type { ReactNode } from 'react';
import { Stroke, type Icon, type IconProps } from './icon.tsx';

/** Icons of the media viewers and pickers (navigate, zoom, play, download): 20 px, a firmer stroke. */
function Media({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Stroke size={20} strokeWidth={1.8} {...props}>
      {children}
    </Stroke>
  );
}

export const IconChevronLeft: Icon = (p) => (
  <Media {...p}>
    <path d="m15 5-7 7 7 7" />
  </Media>
);

export const IconChevronRight: Icon = (p) => (
  <Media {...p}>
    <path d="m9 5 7 7-7 7" />
  </Media>
);

export const IconZoomIn: Icon = (p) => (
  <Media {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2M11 8v6M8 11h6" />
  </Media>
);

export const IconZoomOut: Icon = (p) => (
  <Media {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2M8 11h6" />
  </Media>
);

export const IconFit: Icon = (p) => (
  <Media {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Media>
);

export const IconPlay: Icon = (p) => (
  <Media {...p}>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </Media>
);

export const IconSearch: Icon = (p) => (
  <Media {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Media>
);

export const IconImage: Icon = (p) => (
  <Media {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 17 5-5 4 4 3-3 4 4" />
  </Media>
);

export const IconDownload: Icon = (p) => (
  <Media {...p}>
    <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />
  </Media>
);

export const IconWarning: Icon = (p) => (
  <Media {...p}>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Media>
);
