import { Line, type Icon } from '../icon.tsx';

export const IconChat: Icon = (p) => (
  <Line {...p}>
    <path d="M20 12.5a7.5 7.5 0 0 1-11.1 6.6L4 20l1-4.4A7.5 7.5 0 1 1 20 12.5Z" />
    <path d="M9 11h6M9 14h4" />
  </Line>
);
