import { useId, type ComponentProps, type ReactNode } from 'react';
import { visuallyHidden } from './a11y.css.ts';
import { IconAlert } from './icons/app/IconAlert.tsx';
import * as s from './field.css.ts';

/** What a field hands its control: its id and the links to its hint and error text. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the control that helps fill it in. */
  hint?: ReactNode;
  /** The field's error text, already in the reader's language; shown under the control. */
  error?: ReactNode;
  /** Beside the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** The label is read, not shown: a control whose place already says what it is (a garment's category on its tile). */
  hideLabel?: boolean;
  /** Ids of more text that describes the control, kept by the caller (a character counter). */
  describedBy?: string;
  /** The error text's test id. */
  errorTestId?: string;
  className?: string;
  /** The control, given its id and ARIA links. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, a control, a hint and an error text, tied together: the label names the control,
 * the hint and the error describe it, and the control is marked invalid while there is an error.
 */
export function Field({ label, hint, error, labelAside, hideLabel = false, describedBy: more, errorTestId, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, more].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${s.field} ${className}` : s.field}>
      {hideLabel ? (
        <label htmlFor={id} className={visuallyHidden}>
          {label}
        </label>
      ) : (
        <div className={s.labelRow}>
          <label htmlFor={id} className={s.label}>
            {label}
          </label>
          {labelAside}
        </div>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={s.error} data-testid={errorTestId}>
          <span className={s.errorIcon}>
            <IconAlert size={16} />
          </span>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

type Shared = Omit<FieldProps, 'children' | 'className'> & { fieldClassName?: string };

const join = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** A labelled text input with hint and error text; `trailing` sits inside its right edge. */
export function TextInput({
  label,
  hint,
  error,
  labelAside,
  hideLabel,
  describedBy,
  errorTestId,
  fieldClassName,
  className,
  trailing,
  ...input
}: Shared & { trailing?: ReactNode } & ComponentProps<'input'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      labelAside={labelAside}
      hideLabel={hideLabel}
      describedBy={describedBy}
      errorTestId={errorTestId}
      className={fieldClassName}
    >
      {(control) => (
        <div className={s.controlWrap}>
          <input className={join(s.control, trailing ? s.withTrailing : null, className)} {...control} {...input} />
          {trailing}
        </div>
      )}
    </Field>
  );
}

/** A labelled native select (the platform's picker on touch screens). */
export function Select({
  label,
  hint,
  error,
  labelAside,
  hideLabel,
  describedBy,
  errorTestId,
  fieldClassName,
  className,
  ...select
}: Shared & ComponentProps<'select'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      labelAside={labelAside}
      hideLabel={hideLabel}
      describedBy={describedBy}
      errorTestId={errorTestId}
      className={fieldClassName}
    >
      {(control) => <select className={join(s.select, className)} {...control} {...select} />}
    </Field>
  );
}

/** A labelled multi-line text box (its `ref` reaches the text box: a caller may place the caret). */
export function TextArea({
  label,
  hint,
  error,
  labelAside,
  hideLabel,
  describedBy,
  errorTestId,
  fieldClassName,
  className,
  ...area
}: Shared & ComponentProps<'textarea'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      labelAside={labelAside}
      hideLabel={hideLabel}
      describedBy={describedBy}
      errorTestId={errorTestId}
      className={fieldClassName}
    >
      {(control) => <textarea className={join(s.textArea, className)} {...control} {...area} />}
    </Field>
  );
}
