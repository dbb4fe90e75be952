import { Line, type Icon } from '../icon.tsx';

export const IconClose: Icon = (p) => (
  <Line {...p}>
    <path d="m6 6 12 12M18 6 6 18" />
  </Line>
);
