import type { ButtonHTMLAttributes, HTMLAttributes } from 'react';
import { chip, type ChipVariants } from './chip.ts';

type Variants = Omit<NonNullable<ChipVariants>, 'selectable'>;

/** A status or tag chip (not interactive). */
export function Chip({ tone, size, className, ...rest }: Variants & HTMLAttributes<HTMLSpanElement>) {
  const classes = chip({ tone, size });
  return <span className={className ? `${classes} ${className}` : classes} {...rest} />;
}

/** A filter chip: a toggle button (`aria-pressed`), 44 px tall. */
export function ChipButton({ pressed, tone = 'outline', className, ...rest }: Variants & { pressed: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const classes = chip({ tone, size: 'md', selectable: true });
  return <button type="button" aria-pressed={pressed} className={className ? `${classes} ${className}` : classes} {...rest} />;
}
