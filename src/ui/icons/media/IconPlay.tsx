import { Media, type Icon } from '../icon.tsx';

export const IconPlay: Icon = (p) => (
  <Media {...p}>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </Media>
);
