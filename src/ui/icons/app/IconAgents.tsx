import { Line, type Icon } from '../icon.tsx';

export const IconAgents: Icon = (p) => (
  <Line {...p}>
    <rect x="5" y="8" width="14" height="11" rx="3" />
    <path d="M12 8V4.5M10 4.5h4" />
    <circle cx="9.5" cy="13" r="1" />
    <circle cx="14.5" cy="13" r="1" />
    <path d="M3 12.5v2M21 12.5v2" />
  </Line>
);
