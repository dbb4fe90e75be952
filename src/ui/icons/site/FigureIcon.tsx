import { Stroke, type IconComponent } from '../icon.tsx';

export const FigureIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <circle cx="12" cy="4.5" r="2" />
    <path d="M9 8.5h6l1.2 6H14l-.8 6.5h-2.4L10 14.5H7.8z" />
  </Stroke>
);
