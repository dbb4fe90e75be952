import { Line, type Icon } from '../icon.tsx';

export const IconMenu: Icon = (p) => (
  <Line {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Line>
);
