import { Media, type Icon } from '../icon.tsx';

export const IconDownload: Icon = (p) => (
  <Media {...p}>
    <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />
  </Media>
);
