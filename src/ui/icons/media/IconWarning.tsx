import { Media, type Icon } from '../icon.tsx';

export const IconWarning: Icon = (p) => (
  <Media {...p}>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Media>
);
