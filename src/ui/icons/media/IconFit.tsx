import { Media, type Icon } from '../icon.tsx';

export const IconFit: Icon = (p) => (
  <Media {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Media>
);
