import { Line, type Icon } from '../icon.tsx';

export const IconLogout: Icon = (p) => (
  <Line {...p}>
    <path d="M14 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H14" />
    <path d="M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5" />
  </Line>
);
