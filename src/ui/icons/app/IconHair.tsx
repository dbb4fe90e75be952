import { Line, type Icon } from '../icon.tsx';

export const IconHair: Icon = (p) => (
  <Line {...p}>
    <circle cx="6.5" cy="17.5" r="2.5" />
    <circle cx="17.5" cy="17.5" r="2.5" />
    <path d="M8.3 15.7 18 4M15.7 15.7 6 4" />
  </Line>
);
