import { Stroke, type IconComponent } from '../icon.tsx';

export const MailIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Stroke>
);
