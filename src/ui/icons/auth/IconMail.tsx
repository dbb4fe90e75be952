import { Stroke, type IconProps } from '../icon.tsx';

export const IconMail = (p: IconProps) => (
  <Stroke size={20} {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Stroke>
);
