import { Line, type Icon } from '../icon.tsx';

export const IconRefresh: Icon = (p) => (
  <Line {...p}>
    <path d="M20 12a8 8 0 1 1-2.3-5.7" />
    <path d="M20 4v4.5h-4.5" />
  </Line>
);
