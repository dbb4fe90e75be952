import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import * as v from 'valibot';

type Schema = v.GenericSchema<Record<string, string>, Record<string, unknown>>;
type Values<S extends Schema> = v.InferInput<S>;
type FieldName<S extends Schema> = Extract<keyof Values<S>, string>;
export type FieldErrors<S extends Schema> = Partial<Record<FieldName<S>, string>>;

/** The first message per field of a failed parse (valibot keeps the rule's order). */
export function fieldErrors<S extends Schema>(schema: S, values: Values<S>): FieldErrors<S> | null {
  const result = v.safeParse(schema, values);
  if (result.success) return null;
  const nested = v.flatten<S>(result.issues).nested ?? {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(nested)) {
    const first = (messages as string[] | undefined)?.[0];
    if (first) errors[field] = first;
  }
  return errors as FieldErrors<S>;
}

/**
 * A small form around a valibot schema (docs/product-rules.md#form-rules): checked on submit; after a failed submit each
 * change re-checks, so a message disappears as soon as the field is right. Messages are the
 * contract's texts; the view translates them (messages.ts).
 */
export function useValibotForm<S extends Schema>(schema: S, initial: Values<S>) {
  const [values, setValues] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors<S>>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = useCallback(
    (name: FieldName<S>, value: string) => {
      const next = { ...values, [name]: value } as Values<S>;
      setValues(next);
      if (submitted) setErrors(fieldErrors(schema, next) ?? {});
    },
    [schema, submitted, values],
  );

  const field = (name: FieldName<S>) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });

  const handleSubmit = (onValid: (output: v.InferOutput<S>) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = v.safeParse(schema, values);
    if (!result.success) {
      const next = fieldErrors(schema, values) ?? {};
      setErrors(next);
      // Focus the first field that needs attention, in the form's order.
      const firstInvalid = Array.from(event.currentTarget.elements).find((element) => element instanceof HTMLInputElement && element.name in next) as
        | HTMLInputElement
        | undefined;
      firstInvalid?.focus();
      return;
    }
    setErrors({});
    return onValid(result.output);
  };

  return { values, setValues, setValue, errors, field, handleSubmit };
}
