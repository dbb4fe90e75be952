import { Fill, type IconComponent } from '../icon.tsx';

export const XIcon: IconComponent = (p) => (
  <Fill {...p}>
    <path d="M17.5 3.5h3l-6.6 7.5 7.7 9.5h-6l-4.7-6.1-5.4 6.1h-3l7-8-7.4-9h6.1l4.3 5.6zm-1 15.3h1.7L7.5 5.1H5.7z" />
  </Fill>
);
