import { Stroke, type IconComponent } from '../icon.tsx';

export const PhoneIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M5 4h3.5l1.7 4.3-2.2 1.4a11 11 0 0 0 6.3 6.3l1.4-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />
  </Stroke>
);
