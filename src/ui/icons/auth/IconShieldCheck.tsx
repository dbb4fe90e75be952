import { Stroke, type IconProps } from '../icon.tsx';

export const IconShieldCheck = (p: IconProps) => (
  <Stroke size={20} {...p}>
    <path d="M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6l-8-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Stroke>
);
