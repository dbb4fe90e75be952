import { Stroke, type Icon } from '../icon.tsx';

export const IconEraser: Icon = (p) => (
  <Stroke {...p}>
    <path d="m7 20-3.3-3.3a1.5 1.5 0 0 1 0-2.1L13.9 4.4a1.5 1.5 0 0 1 2.1 0l4.6 4.6a1.5 1.5 0 0 1 0 2.1L11.7 20z" />
    <path d="M7 20h13M9 10.5l5.5 5.5" />
  </Stroke>
);
