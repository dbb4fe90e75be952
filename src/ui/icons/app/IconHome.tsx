import { Line, type Icon } from '../icon.tsx';

export const IconHome: Icon = (p) => (
  <Line {...p}>
    <path d="m3.5 11 8.5-7 8.5 7" />
    <path d="M5.5 9.5V20h13V9.5M10 20v-5.5h4V20" />
  </Line>
);
