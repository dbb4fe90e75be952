import { Line, type Icon } from '../icon.tsx';

export const IconPricing: Icon = (p) => (
  <Line {...p}>
    <path d="M3.5 12.6V4.5a1 1 0 0 1 1-1h8.1l8 8a1.4 1.4 0 0 1 0 2l-7.1 7.1a1.4 1.4 0 0 1-2 0Z" />
    <circle cx="8" cy="8" r="1.3" />
  </Line>
);
