import { Media, type Icon } from '../icon.tsx';

export const IconChevronLeft: Icon = (p) => (
  <Media {...p}>
    <path d="m15 5-7 7 7 7" />
  </Media>
);
