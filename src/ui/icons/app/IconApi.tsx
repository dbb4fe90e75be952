import { Line, type Icon } from '../icon.tsx';

export const IconApi: Icon = (p) => (
  <Line {...p}>
    <path d="m8 7-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14" />
  </Line>
);
