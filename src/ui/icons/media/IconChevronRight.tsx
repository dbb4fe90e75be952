import { Media, type Icon } from '../icon.tsx';

export const IconChevronRight: Icon = (p) => (
  <Media {...p}>
    <path d="m9 5 7 7-7 7" />
  </Media>
);
