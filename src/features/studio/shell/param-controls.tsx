import { useId, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { TextArea } from '../../../ui/Field.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import * as s from './param-controls.css.ts';

/**
 * The controls of the studios' parameter forms (image to video, upscaler): a choice among
 * options (native radios, so arrow keys, focus and form semantics come from the browser), a
 * switch, a 0-1 slider, a prompt with its counter, and the cost line. Every target is at least
 * 44 px high.
 */

export interface ChoiceOption<T extends string | number> {
  value: T;
  label: ReactNode;
  /** A second line (cards) or a small aside (pills). */
  description?: ReactNode;
  /** Top right of a card, e.g. its price. */
  aside?: ReactNode;
  disabled?: boolean;
  /** Why it is disabled (tied by aria-describedby). */
  disabledReason?: ReactNode;
}

interface ChoiceGroupProps<T extends string | number> {
  legend: ReactNode;
  options: ReadonlyArray<ChoiceOption<T>>;
  value: T | undefined;
  onChange: (value: T) => void;
  /** Under the legend: what the choice does. */
  hint?: ReactNode;
  variant?: 'pills' | 'cards';
  /** For tests and the screens' e2e: data-testid of the fieldset; each option is `${testId}-${value}`. */
  testId?: string;
}

export function ChoiceGroup<T extends string | number>({ legend, options, value, onChange, hint, variant = 'pills', testId }: ChoiceGroupProps<T>) {
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={s.fieldset} data-testid={testId} aria-describedby={hint ? hintId : undefined}>
      <legend className={s.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      )}
      <div className={variant === 'cards' ? s.cards : s.choices}>
        {options.map((option) => {
          const reasonId = `${name}-${option.value}-reason`;
          return (
            <label key={option.value} className={variant === 'cards' ? s.card : s.pill} data-testid={testId ? `${testId}-${option.value}` : undefined}>
              <input
                type="radio"
                className={s.radio}
                name={name}
                value={String(option.value)}
                checked={option.value === value}
                disabled={option.disabled}
                aria-describedby={option.disabled && option.disabledReason ? reasonId : undefined}
                onChange={() => onChange(option.value)}
              />
              {variant === 'cards' ? (
                <>
                  <span className={s.cardTitle}>
                    <span>{option.label}</span>
                    {option.aside && <span className={s.cardAside}>{option.aside}</span>}
                  </span>
                  {option.description && <span className={s.cardText}>{option.description}</span>}
                </>
              ) : (
                <>
                  <span>{option.label}</span>
                  {option.description && <span className={s.pillAside}>{option.description}</span>}
                </>
              )}
              {option.disabled && option.disabledReason && (
                <span id={reasonId} hidden>
                  {option.disabledReason}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

interface SwitchFieldProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

/** A yes/no setting: a checkbox with role="switch", the whole row clickable (src/ui/Switch.tsx). */
export function SwitchField({ label, description, checked, onChange, testId }: SwitchFieldProps) {
  return <Switch label={label} hint={description} checked={checked} onChange={onChange} testId={testId} />;
}

interface UnitSliderProps {
  label: ReactNode;
  description?: ReactNode;
  /** 0 to 1. */
  value: number;
  onChange: (value: number) => void;
  testId?: string;
}

/** Step of the 0-1 sliders: 5 % is as fine as a finger on a tablet places it. */
export const UNIT_STEP = 0.05;

/** Rounds away the float noise of range steps (0.15000000000000002) so params stay tidy. */
export function roundUnit(value: number): number {
  return Math.min(1, Math.max(0, Math.round(value * 100) / 100));
}

/** A 0-1 setting shown as a percentage. */
export function UnitSlider({ label, description, value, onChange, testId }: UnitSliderProps) {
  const id = useId();
  const percent = `${Math.round(value * 100)}%`;
  return (
    <div className={s.slider}>
      <div className={s.sliderHead}>
        <label htmlFor={id} className={s.switchLabel}>
          {label}
        </label>
        <output htmlFor={id} className={s.sliderValue}>
          {percent}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className={s.range}
        min={0}
        max={1}
        step={UNIT_STEP}
        value={value}
        aria-valuetext={percent}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid={testId}
        onChange={(event) => onChange(roundUnit(Number(event.currentTarget.value)))}
      />
      {description && (
        <p id={`${id}-description`} className={s.hint}>
          {description}
        </p>
      )}
    </div>
  );
}

interface PromptFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength: number;
  testId?: string;
}

/** A free-text prompt with a live character counter; the browser stops typing at `maxLength`. */
export function PromptField({ label, hint, value, onChange, placeholder, maxLength, testId }: PromptFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const count = value.length;
  const counterId = `${id}-counter`;
  return (
    <div className={s.fieldset}>
      <TextArea
        label={label}
        hint={hint}
        describedBy={counterId}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <span id={counterId} className={count >= maxLength ? s.counterFull : s.counter} aria-label={t`Đã nhập ${count} trên ${maxLength} ký tự`}>
        {count}/{maxLength}
      </span>
    </div>
  );
}

/** The price of the current settings ('{credits} tín dụng'), announced when it changes. */
export function CostLine({ credits, detail, testId }: { credits: number | null; detail?: ReactNode; testId?: string }) {
  return (
    <div className={s.cost} role="status" aria-live="polite" data-testid={testId}>
      <span>
        <Trans>Chi phí</Trans>
        {detail && <span className={s.hint}> · {detail}</span>}
      </span>
      <span className={s.costValue}>{credits === null ? '—' : <Plural value={credits} other="# tín dụng" />}</span>
    </div>
  );
}
