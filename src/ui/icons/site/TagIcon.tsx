import { Stroke, type IconComponent } from '../icon.tsx';

export const TagIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0z" />
    <circle cx="8" cy="8" r="1.5" />
  </Stroke>
);

// Social networks (simplified marks, drawn in the current text colour)
