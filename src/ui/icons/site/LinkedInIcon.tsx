import { Fill, type IconComponent } from '../icon.tsx';

export const LinkedInIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M4.2 9.2h3.3V20H4.2zM5.9 3.8a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8zM9.6 9.2h3.2v1.5c.5-.9 1.6-1.8 3.3-1.8 3.5 0 4.1 2.3 4.1 5.3V20h-3.3v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H9.6z" />
  </Fill>
);
