import { Stroke, type IconComponent } from '../icon.tsx';

export const ShieldIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 3 5 6v5.5c0 4.4 3 8.2 7 9.5 4-1.3 7-5.1 7-9.5V6z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </Stroke>
);
