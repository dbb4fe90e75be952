import { Stroke, type IconComponent } from '../icon.tsx';

export const DownloadIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M4 20h16" />
  </Stroke>
);
