import { Stroke, type IconComponent } from '../icon.tsx';

export const StoreIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5v10.5h16V9.5M4 9.5c0 1.4 1.1 2.5 2.7 2.5s2.6-1.1 2.6-2.5c0 1.4 1.1 2.5 2.7 2.5s2.7-1.1 2.7-2.5c0 1.4 1 2.5 2.6 2.5S20 10.9 20 9.5" />
    <path d="M10 20v-4.5h4V20" />
  </Stroke>
);
