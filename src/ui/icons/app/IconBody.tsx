import { Line, type Icon } from '../icon.tsx';

export const IconBody: Icon = (p) => (
  <Line {...p}>
    <circle cx="12" cy="4.8" r="2" />
    <path d="M7 9.5c1.6.7 3.2 1 5 1s3.4-.3 5-1" />
    <path d="M10 10.4 9.5 15l-1 6M14 10.4l.5 4.6 1 6M9.5 15h5" />
  </Line>
);
