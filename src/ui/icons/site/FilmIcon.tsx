import { Stroke, type IconComponent } from '../icon.tsx';

export const FilmIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="m10 9.2 4.8 2.8-4.8 2.8z" />
  </Stroke>
);
