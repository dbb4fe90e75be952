import { Line, type Icon } from '../icon.tsx';

export const IconChevronUpDown: Icon = (p) => (
  <Line {...p}>
    <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />
  </Line>
);
