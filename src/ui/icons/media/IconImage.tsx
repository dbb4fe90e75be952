import { Media, type Icon } from '../icon.tsx';

export const IconImage: Icon = (p) => (
  <Media {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 17 5-5 4 4 3-3 4 4" />
  </Media>
);
