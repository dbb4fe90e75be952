import { Stroke, type IconComponent } from '../icon.tsx';

export const ArrowRightIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Stroke>
);
