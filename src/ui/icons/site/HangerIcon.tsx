import { Stroke, type IconComponent } from '../icon.tsx';

export const HangerIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M10 6.5a2 2 0 1 1 2.9 1.8c-.6.3-.9.9-.9 1.5V10" />
    <path d="M12 10 3.4 16.2A1 1 0 0 0 4 18h16a1 1 0 0 0 .6-1.8z" />
  </Stroke>
);
