import { Line, type Icon } from '../icon.tsx';

export const IconPhone: Icon = (p) => (
  <Line {...p}>
    <rect x="7" y="2.5" width="10" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Line>
);
