import { Line, type Icon } from '../icon.tsx';

export const IconDevices: Icon = (p) => (
  <Line {...p}>
    <rect x="2.5" y="4" width="15" height="11" rx="1.5" />
    <path d="M6.5 19h7M10 15v4" />
    <rect x="15.5" y="9" width="6" height="11" rx="1.5" />
  </Line>
);
