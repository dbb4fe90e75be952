import { Fill, type Icon } from '../icon.tsx';

/** Three dots in a row: a menu of more actions. */
export const IconDots: Icon = ({ size = 20, ...p }) => (
  <Fill size={size} {...p}>
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </Fill>
);
