import { Line, type Icon } from '../icon.tsx';

export const IconUpscale: Icon = (p) => (
  <Line {...p}>
    <path d="M14 4h6v6M10 20H4v-6" />
    <path d="m20 4-6.5 6.5M4 20l6.5-6.5" />
  </Line>
);
