import { Stroke, type IconComponent } from '../icon.tsx';

export const SparkleIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 3.5 13.9 9l5.6 1.9-5.6 1.9L12 18.5l-1.9-5.7-5.6-1.9L10.1 9z" />
    <path d="M19 17v4M17 19h4" />
  </Stroke>
);
