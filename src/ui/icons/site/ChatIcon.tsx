import { Stroke, type IconComponent } from '../icon.tsx';

export const ChatIcon: IconComponent = (p) => (
  <Stroke {...p}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Stroke>
);
