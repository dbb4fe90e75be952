import { Line, type Icon } from '../icon.tsx';

export const IconEdit: Icon = (p) => (
  <Line {...p}>
    <path d="m4 20 10.5-10.5M14.5 6.5l3 3" />
    <path d="m13 8 3-3 3 3-3 3" />
    <path d="M6 3.5v3M4.5 5h3M19 14.5v3M17.5 16h3" />
  </Line>
);
