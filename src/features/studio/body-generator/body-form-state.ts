import { useState } from 'react';
import { BODY_LIMITS } from '../../../contract/generation-params.ts';
import { addStyleHint, clampedOrNull, MAX_STYLE_HINTS, type StyleHintRefusal } from './body-params.ts';

/**
 * The body form's behaviour, apart from its markup (BodyParamsForm.tsx draws it): a measurement's
 * slider and number box, and the style hints' field.
 */

export type MeasureField = 'height' | 'weight' | 'age';

/**
 * A slider and a number box bound to one measurement. What the person types stays in the box as
 * typed, character by character, while it is not (yet) a valid value: the box never rewrites a
 * number mid-typing ('16' on the way to '168' is not refused, only said to be out of range). The
 * value goes out on every keystroke (null while out of range); leaving the box shows the value.
 */
export function useMeasure(field: MeasureField, value: number | null | undefined, onChange: (next: number | null) => void) {
  const { min, max } = BODY_LIMITS[field];
  // What the person is typing; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && clampedOrNull(Number(draft), field) === null;
  return {
    min,
    max,
    text: draft ?? (value == null ? '' : String(value)),
    invalid,
    // Without a value the slider rests mid-range; the number box stays empty, so nothing pretends to be chosen.
    sliderValue: value ?? Math.round((min + max) / 2),
    /** The number box changed. */
    type: (text: string) => {
      setDraft(text);
      onChange(text.trim() === '' ? null : clampedOrNull(Number(text), field));
    },
    /** The slider moved: the box shows its value. */
    slide: (text: string) => {
      setDraft(null);
      onChange(Number(text));
    },
    /** The box lost the focus: it shows the value (empty while out of range). */
    leave: () => setDraft(null),
  };
}

/** The style hints' field: adding one (typed or suggested), and why one was refused. */
export function useStyleHints(hints: string[], onChange: (hints: string[]) => void) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<StyleHintRefusal | null>(null);
  const count = hints.length;
  const add = (hint: string, fromField: boolean) => {
    const result = addStyleHint(hints, hint);
    if ('refused' in result) {
      setRefusal(result.refused === 'empty' ? null : result.refused);
      return;
    }
    setRefusal(null);
    onChange(result.hints);
    if (fromField) setText('');
  };
  /** The field changed: a refusal said before no longer applies. */
  const edit = (next: string) => {
    setText(next);
    setRefusal(null);
  };
  return { text, edit, refusal, count, full: count >= MAX_STYLE_HINTS, add };
}
