import { Line, type Icon } from '../icon.tsx';

export const IconArrowRight: Icon = (p) => (
  <Line {...p}>
    <path d="M4.5 12h15M14 6.5l5.5 5.5-5.5 5.5" />
  </Line>
);
