import { Stroke, type IconComponent } from '../icon.tsx';

export const PlusIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M12 5v14M5 12h14" />
  </Stroke>
);
