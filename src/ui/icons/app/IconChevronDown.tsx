import { Line, type Icon } from '../icon.tsx';

export const IconChevronDown: Icon = (p) => (
  <Line {...p}>
    <path d="m6 9 6 6 6-6" />
  </Line>
);
