import { Fill, type IconComponent } from '../icon.tsx';

export const TikTokIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M16.3 5.6A4.2 4.2 0 0 1 15.3 3h-3v12.2a2.5 2.5 0 1 1-2.5-2.5l.7.1V9.7a5.6 5.6 0 1 0 4.8 5.5V9a7.2 7.2 0 0 0 4.2 1.3V7.3a4.2 4.2 0 0 1-3.2-1.7z" />
  </Fill>
);
