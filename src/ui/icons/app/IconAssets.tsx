import { Line, type Icon } from '../icon.tsx';

export const IconAssets: Icon = (p) => (
  <Line {...p}>
    <rect x="3.5" y="5" width="14" height="12" rx="2" />
    <path d="M6.5 20h12a2 2 0 0 0 2-2V8" />
    <path d="m3.5 14 4-3.5 3.5 3 2.5-2 4 3.5" />
    <circle cx="13" cy="8.5" r="1" />
  </Line>
);
