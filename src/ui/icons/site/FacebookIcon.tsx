import { Fill, type IconComponent } from '../icon.tsx';

export const FacebookIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M13.6 21v-7.4h2.5l.4-3h-2.9V8.8c0-.9.3-1.5 1.5-1.5h1.6V4.6a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.1H8v3h2.5V21z" />
  </Fill>
);
