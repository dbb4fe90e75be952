import { Stroke, type IconComponent } from '../icon.tsx';

export const ExpandIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M14 4h6v6M10 20H4v-6M20 4l-6.5 6.5M4 20l6.5-6.5" />
  </Stroke>
);

// Steps
