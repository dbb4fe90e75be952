import { Stroke, type Icon } from '../icon.tsx';

export const IconBrush: Icon = (p) => (
  <Stroke {...p}>
    <path d="M14.5 4.5 19.5 9.5 11 18 6 13z" />
    <path d="M6 13c-2 .5-3 2-3 4.5V20h2.5C8 20 9.5 19 10 17" />
  </Stroke>
);
