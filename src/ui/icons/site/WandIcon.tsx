import { Stroke, type IconComponent } from '../icon.tsx';

export const WandIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="m4 20 10.5-10.5M13 8l3 3" />
    <path d="M18 3v4M16 5h4M20 12v3M18.5 13.5h3M9 3v3M7.5 4.5h3" />
  </Stroke>
);
