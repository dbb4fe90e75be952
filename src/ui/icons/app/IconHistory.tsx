import { Line, type Icon } from '../icon.tsx';

export const IconHistory: Icon = (p) => (
  <Line {...p}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
    <path d="M3.5 3.5V7H7M12 7.5V12l3 2" />
  </Line>
);
