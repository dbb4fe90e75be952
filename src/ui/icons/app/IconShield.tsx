import { Line, type Icon } from '../icon.tsx';

export const IconShield: Icon = (p) => (
  <Line {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.2 7.5 9.5 4.3-1.3 7.5-4.9 7.5-9.5V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Line>
);
