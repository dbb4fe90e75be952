import { Line, type Icon } from '../icon.tsx';

export const IconVideo: Icon = (p) => (
  <Line {...p}>
    <rect x="3" y="5.5" width="13" height="13" rx="2" />
    <path d="m16 10.5 5-3v9l-5-3" />
    <path d="m8 9.5 4 2.5-4 2.5Z" />
  </Line>
);
