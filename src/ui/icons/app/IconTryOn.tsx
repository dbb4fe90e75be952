import { Line, type Icon } from '../icon.tsx';

export const IconTryOn: Icon = (p) => (
  <Line {...p}>
    <path d="M12 7.5a2 2 0 1 1 2-2" />
    <path d="M12 7.5v1.2L3.6 14.2a1.4 1.4 0 0 0 .8 2.6h15.2a1.4 1.4 0 0 0 .8-2.6L12 8.7" />
  </Line>
);
