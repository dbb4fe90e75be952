import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { visuallyHidden } from './a11y.css.ts';
import { choice } from './choice.css.ts';

export interface RadioChoiceProps extends Omit<ComponentProps<'input'>, 'type' | 'className' | 'style' | 'title' | 'children'> {
  /** chip: a pill; card: a box; none: the caller's `className` alone (a colour swatch). */
  look?: 'chip' | 'card' | 'none';
  /** More classes of the label (what it lays out inside). */
  className?: string;
  /** The label's inline style (a swatch's colour). */
  style?: CSSProperties;
  /** The label's tooltip. */
  title?: string;
  /** The label's test id. */
  testId?: string;
  children?: ReactNode;
}

/**
 * One answer of a radio group drawn as a chip or a card: a <label> around a visually hidden
 * native radio, so the platform gives arrow keys, one Tab stop and form semantics, and the label
 * shows the checked state and the radio's focus. The group (a fieldset with its legend) is the
 * caller's; radios of one group share a `name`.
 */
export function RadioChoice({ look = 'chip', className, style, title, testId, children, ...radio }: RadioChoiceProps) {
  const classes = [look === 'none' ? null : choice[look], className].filter(Boolean).join(' ');
  return (
    <label className={classes || undefined} style={style} title={title} data-testid={testId}>
      <input className={visuallyHidden} type="radio" {...radio} />
      {children}
    </label>
  );
}
