import type { ReactNode } from 'react';
import { Stroke } from '../../../../ui/icons/icon.tsx';

/** The mask editor's toolbar icons: decorative, the buttons carry the names. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <Stroke size={22} strokeWidth={1.75}>
      {children}
    </Stroke>
  );
}

export const BrushIcon = () => (
  <Icon>
    <path d="M14.5 4.5 19.5 9.5 11 18 6 13z" />
    <path d="M6 13c-2 .5-3 2-3 4.5V20h2.5C8 20 9.5 19 10 17" />
  </Icon>
);

export const EraserIcon = () => (
  <Icon>
    <path d="m7 20-3.3-3.3a1.5 1.5 0 0 1 0-2.1L13.9 4.4a1.5 1.5 0 0 1 2.1 0l4.6 4.6a1.5 1.5 0 0 1 0 2.1L11.7 20z" />
    <path d="M7 20h13M9 10.5l5.5 5.5" />
  </Icon>
);

export const UndoIcon = () => (
  <Icon>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

export const RedoIcon = () => (
  <Icon>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Icon>
);

export const ClearIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);

export const OverlayIcon = () => (
  <Icon>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const ZoomInIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4M11 8v6M8 11h6" />
  </Icon>
);

export const ZoomOutIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4M8 11h6" />
  </Icon>
);

export const FitIcon = () => (
  <Icon>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);
