import type { HTMLAttributes } from 'react';
import { card, type CardVariants } from './card.ts';

export interface CardProps extends NonNullable<CardVariants>, HTMLAttributes<HTMLElement> {
  /** The element: a section with a heading, an article in a list, a plain div. */
  as?: 'div' | 'section' | 'article' | 'li';
}

export function Card({ as: Element = 'div', padding, tone, interactive, className, ...rest }: CardProps) {
  const classes = card({ padding, tone, interactive });
  return <Element className={className ? `${classes} ${className}` : classes} {...rest} />;
}
