import { Line, type Icon } from '../icon.tsx';

export const IconCheck: Icon = (p) => (
  <Line {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Line>
);
