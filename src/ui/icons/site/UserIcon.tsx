import { Stroke, type IconComponent } from '../icon.tsx';

export const UserIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5c1-3.8 4-5.5 7.5-5.5s6.5 1.7 7.5 5.5" />
  </Stroke>
);
