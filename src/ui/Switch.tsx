import { useId, type ReactNode } from 'react';
import * as s from './switch.css.ts';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's name (the row's bold text). */
  label: ReactNode;
  /** A line under the label that explains it (the switch's description). */
  hint?: ReactNode;
  disabled?: boolean;
  /** A change is being saved. */
  busy?: boolean;
  id?: string;
  className?: string;
  testId?: string;
  /** Extra data attributes of the input. */
  data?: { [key: `data-${string}`]: string | number | boolean | undefined };
}

/**
 * A yes/no setting: a checkbox with role="switch" (Space toggles it), the whole row a 44 px
 * target. Named by its label alone; the hint is its description.
 */
export function Switch({ checked, onChange, label, hint, disabled = false, busy, id, className, testId, data }: SwitchProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label htmlFor={inputId} className={className ? `${s.row} ${className}` : s.row} data-disabled={disabled}>
      <span id={`${inputId}-label`} className={s.label}>
        {label}
      </span>
      {hint ? (
        <span id={`${inputId}-hint`} className={s.hint}>
          {hint}
        </span>
      ) : null}
      <input
        id={inputId}
        type="checkbox"
        role="switch"
        className={s.input}
        checked={checked}
        aria-checked={checked}
        aria-busy={busy}
        aria-labelledby={`${inputId}-label`}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        disabled={disabled}
        data-testid={testId}
        {...data}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </label>
  );
}
