import { Media, type Icon } from '../icon.tsx';

export const IconZoomIn: Icon = (p) => (
  <Media {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2M11 8v6M8 11h6" />
  </Media>
);
