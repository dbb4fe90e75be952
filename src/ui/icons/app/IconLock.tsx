import { Line, type Icon } from '../icon.tsx';

export const IconLock: Icon = (p) => (
  <Line {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5M12 14.5v2" />
  </Line>
);
