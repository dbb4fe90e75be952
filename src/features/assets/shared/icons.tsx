import type { ReactNode } from 'react';
import type { Icon, IconProps } from '../../../ui/nav-icons.tsx';
import { Stroke } from '../../../ui/icons.tsx';

/** Line icons of the assets dialogs, on the studio chrome's 24-unit grid; decorative only. */
function Svg({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Stroke size={20} strokeWidth={1.8} {...props}>
      {children}
    </Stroke>
  );
}

export const IconChevronLeft: Icon = (p) => (
  <Svg {...p}>
    <path d="m15 5-7 7 7 7" />
  </Svg>
);

export const IconChevronRight: Icon = (p) => (
  <Svg {...p}>
    <path d="m9 5 7 7-7 7" />
  </Svg>
);

export const IconZoomIn: Icon = (p) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2M11 8v6M8 11h6" />
  </Svg>
);

export const IconZoomOut: Icon = (p) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2M8 11h6" />
  </Svg>
);

export const IconFit: Icon = (p) => (
  <Svg {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Svg>
);

export const IconPlay: Icon = (p) => (
  <Svg {...p}>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </Svg>
);

export const IconSearch: Icon = (p) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </Svg>
);

export const IconImage: Icon = (p) => (
  <Svg {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 17 5-5 4 4 3-3 4 4" />
  </Svg>
);

export const IconDownload: Icon = (p) => (
  <Svg {...p}>
    <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />
  </Svg>
);

export const IconWarning: Icon = (p) => (
  <Svg {...p}>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Svg>
);
