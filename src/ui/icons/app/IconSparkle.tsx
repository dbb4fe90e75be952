import { Line, type Icon } from '../icon.tsx';

export const IconSparkle: Icon = (p) => (
  <Line {...p}>
    <path d="M12 3.5 13.8 10l6.7 2-6.7 2L12 20.5 10.2 14l-6.7-2 6.7-2Z" />
  </Line>
);
