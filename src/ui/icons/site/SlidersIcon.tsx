import { Stroke, type IconComponent } from '../icon.tsx';

export const SlidersIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </Stroke>
);
