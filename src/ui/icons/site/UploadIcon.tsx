import { Stroke, type IconComponent } from '../icon.tsx';

export const UploadIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4" />
  </Stroke>
);
