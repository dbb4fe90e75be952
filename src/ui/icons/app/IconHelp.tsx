import { Line, type Icon } from '../icon.tsx';

export const IconHelp: Icon = (p) => (
  <Line {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.4a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6" />
    <path d="M12 16.8v.2" />
  </Line>
);
