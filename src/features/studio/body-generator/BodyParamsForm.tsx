import { useId, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ASPECT_RATIOS, BODY_TYPES, GENDERS, SKIN_TONES, type AspectRatio } from '../../../contract/generation-params.ts';
import { formatFixed, NO_FIGURE } from '../../../lib/format.ts';
import { TextArea } from '../../../ui/Field.tsx';
import { IconClose } from '../../../ui/icons/app/IconClose.tsx';
import { RadioChoice } from '../../../ui/RadioChoice.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { GENERATION_MESSAGE_DESCRIPTORS } from '../../generations/generation-messages.ts';
import {
  aspectValue,
  ASPECT_RATIO_LABELS,
  BMI_BAND_LABELS,
  bmiBand,
  BODY_FIELD_LABELS,
  BODY_TYPE_INFO,
  bodyMassIndex,
  GENDER_LABELS,
  MAX_PROMPT_LENGTH,
  MAX_STYLE_HINT_LENGTH,
  MAX_STYLE_HINTS,
  missingBodyFields,
  SKIN_TONE_SWATCHES,
  STYLE_HINT_SUGGESTIONS,
  type BodyParams,
  type BodyType,
} from './body-params.ts';
import { useMeasure, useStyleHints } from './body-form-state.ts';
import * as f from './form.css.ts';
import * as s from './body-form.css.ts';

export interface BodyParamsFormProps {
  /** The parameters (start from `INITIAL_BODY_PARAMS`). */
  value: BodyParams;
  onChange: (next: BodyParams) => void;
  /**
   * Show the prerequisites message (docs/product-rules.md#prerequisites: all body parameters) with the fields still unset.
   * Default true; a screen may pass false until the person first tries to generate.
   */
  showMissing?: boolean;
  /** Disables every control (while a job is being submitted). */
  disabled?: boolean;
}

/**
 * The body generator's parameters (docs/product-rules.md#body-parameters): gender, height, weight, age, skin
 * tone, body type, aspect ratio, custom prompt and style hints, with the BMI of the height and
 * weight. Controlled: every change calls `onChange` with the whole parameter object, ready for
 * `POST /api/generations` (the optional face photo is the screen's upload, in `inputs.face`).
 */
export function BodyParamsForm({ value, onChange, showMissing = true, disabled = false }: BodyParamsFormProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const set = <K extends keyof BodyParams>(key: K, next: BodyParams[K]) => onChange({ ...value, [key]: next });
  const missing = missingBodyFields(value);

  return (
    <fieldset className={f.formFieldset} disabled={disabled} data-testid="body-params-form">
      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Giới tính</Trans>
        </legend>
        <div className={f.chipRow}>
          {GENDERS.map((gender) => (
            <RadioChoice key={gender} name={`${id}-gender`} value={gender} checked={value.gender === gender} onChange={() => set('gender', gender)}>
              {i18n._(GENDER_LABELS[gender])}
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      <div className={s.measureGrid}>
        <Measure field="height" label={t`Chiều cao`} unit={t`cm`} value={value.height} onChange={(next) => set('height', next)} />
        <Measure field="weight" label={t`Cân nặng`} unit={t`kg`} value={value.weight} onChange={(next) => set('weight', next)} />
        <Measure field="age" label={t`Tuổi`} unit={t`tuổi`} value={value.age} onChange={(next) => set('age', next)} />
      </div>
      <Bmi height={value.height} weight={value.weight} />

      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Màu da</Trans>
        </legend>
        <div className={s.swatchRow}>
          {SKIN_TONES.map((tone) => (
            <RadioChoice
              key={tone}
              look="none"
              className={s.swatch}
              name={`${id}-skin`}
              value={tone}
              checked={value.skin_tone === tone}
              onChange={() => set('skin_tone', tone)}
            >
              <span className={s.swatchDot} style={{ background: SKIN_TONE_SWATCHES[tone].color }} aria-hidden="true" />
              {i18n._(SKIN_TONE_SWATCHES[tone].label)}
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Dáng người</Trans>
        </legend>
        <div className={s.bodyCards}>
          {BODY_TYPES.map((type) => (
            <RadioChoice
              key={type}
              look="card"
              name={`${id}-body`}
              value={type}
              checked={value.body_type === type}
              onChange={() => set('body_type', type)}
              aria-describedby={`${id}-body-${type}`}
            >
              <span className={s.bodyCardInner}>
                <BodyFigure type={type} />
                <span className={f.field}>
                  <span className={f.cardTitle}>{i18n._(BODY_TYPE_INFO[type].label)}</span>
                  <span className={f.cardText} id={`${id}-body-${type}`}>
                    {i18n._(BODY_TYPE_INFO[type].description)}
                  </span>
                </span>
              </span>
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Tỉ lệ khung hình</Trans>
        </legend>
        <div className={f.chipRow}>
          {ASPECT_RATIOS.map((ratio) => (
            <RadioChoice
              key={ratio}
              title={i18n._(ASPECT_RATIO_LABELS[ratio])}
              name={`${id}-ratio`}
              value={ratio}
              checked={value.aspect_ratio === ratio}
              onChange={() => set('aspect_ratio', ratio)}
              aria-label={`${ratio} (${i18n._(ASPECT_RATIO_LABELS[ratio])})`}
            >
              <RatioShape ratio={ratio} />
              <span aria-hidden="true">{ratio}</span>
            </RadioChoice>
          ))}
        </div>
      </fieldset>

      <TextArea
        label={<Trans>Mô tả thêm (không bắt buộc)</Trans>}
        value={value.prompt ?? ''}
        maxLength={MAX_PROMPT_LENGTH}
        placeholder={t`Ví dụ: tóc dài buộc đuôi ngựa, mặc váy trắng, đứng trong studio`}
        onChange={(event) => set('prompt', event.target.value)}
      />

      <StyleHints hints={value.style_hints ?? []} onChange={(hints) => set('style_hints', hints)} />

      {showMissing && missing.length > 0 ? (
        <div className={f.notice} role="status" data-testid="body-missing">
          <span>{i18n._(GENERATION_MESSAGE_DESCRIPTORS.bodyParametersRequired)}</span>
          <span>
            <Trans>Còn thiếu:</Trans>
          </span>
          <ul className={f.noticeList}>
            {missing.map((field) => (
              <li key={field}>{i18n._(BODY_FIELD_LABELS[field])}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}

interface MeasureProps {
  field: 'height' | 'weight' | 'age';
  label: string;
  unit: string;
  value: number | null | undefined;
  onChange: (next: number | null) => void;
}

/** A slider and a number box bound to one measurement; out-of-range typing unsets it and says the range. */
function Measure({ field, label, unit, value, onChange }: MeasureProps) {
  const { t } = useLingui();
  const id = useId();
  const { min, max, text, invalid, sliderValue, type, slide, leave } = useMeasure(field, value, onChange);

  return (
    <div className={s.measure}>
      <div className={s.measureHead}>
        <label className={f.label} htmlFor={`${id}-number`}>
          {label}
        </label>
      </div>
      <div className={s.measureRow}>
        <input
          className={s.slider}
          type="range"
          min={min}
          max={max}
          step={1}
          value={sliderValue}
          aria-label={label}
          aria-valuetext={value == null ? t`Chưa chọn` : `${value} ${unit}`}
          onChange={(event) => slide(event.target.value)}
        />
        <span className={s.numberBox}>
          <input
            id={`${id}-number`}
            className={`${f.input} ${s.numberInput}`}
            type="number"
            inputMode={field === 'weight' ? 'decimal' : 'numeric'}
            min={min}
            max={max}
            step={field === 'weight' ? 0.5 : 1}
            value={text}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => type(event.target.value)}
            onBlur={leave}
            data-testid={`body-${field}`}
          />
          <span className={s.unit}>{unit}</span>
        </span>
      </div>
      {invalid ? (
        <span id={`${id}-error`} className={f.error}>
          <Trans>
            Nhập từ {min} đến {max} {unit}.
          </Trans>
        </span>
      ) : null}
    </div>
  );
}

/** The body mass index of the height and weight, with its WHO band. */
function Bmi({ height, weight }: { height: number | null | undefined; weight: number | null | undefined }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const bmi = bodyMassIndex(height, weight);
  const formatted = bmi === null ? NO_FIGURE : formatFixed(bmi, locale, 1);
  return (
    <p className={s.bmi} data-testid="body-bmi">
      <span>
        <Trans>Chỉ số BMI</Trans>
      </span>
      <output className={s.bmiValue}>{formatted}</output>
      {bmi === null ? null : <span>{i18n._(BMI_BAND_LABELS[bmiBand(bmi)])}</span>}
    </p>
  );
}

/** Style hints: removable chips, a field to add one, and suggestions (the contract's limits: 10 hints, 60 characters each). */
function StyleHints({ hints, onChange }: { hints: string[]; onChange: (hints: string[]) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { text, edit, refusal, count, full, add } = useStyleHints(hints, onChange);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(text, true);
    }
  };

  const refusalText =
    refusal === 'full'
      ? t`Tối đa ${MAX_STYLE_HINTS} gợi ý phong cách.`
      : refusal === 'tooLong'
        ? t`Mỗi gợi ý tối đa ${MAX_STYLE_HINT_LENGTH} ký tự.`
        : refusal === 'duplicate'
          ? t`Gợi ý này đã có trong danh sách.`
          : null;
  const suggestions = STYLE_HINT_SUGGESTIONS.map((descriptor) => i18n._(descriptor)).filter(
    (hint) => !hints.some((existing) => existing.toLocaleLowerCase() === hint.toLocaleLowerCase()),
  );

  return (
    <fieldset className={f.fieldset} data-testid="style-hints">
      <legend className={f.legend}>
        <Trans>Gợi ý phong cách (không bắt buộc)</Trans>
      </legend>
      {hints.length > 0 ? (
        <ul className={s.hintChips} aria-label={t`Gợi ý đã thêm`}>
          {hints.map((hint) => (
            <li key={hint} className={s.hintChip}>
              <span className={s.hintText}>{hint}</span>
              <button
                type="button"
                className={s.hintRemove}
                aria-label={t`Xóa gợi ý “${hint}”`}
                onClick={() => onChange(hints.filter((other) => other !== hint))}
              >
                <IconClose size={16} strokeWidth={3} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={s.hintAdd}>
        <input
          id={`${id}-hint`}
          className={f.input}
          type="text"
          value={text}
          maxLength={MAX_STYLE_HINT_LENGTH}
          disabled={full}
          aria-label={t`Thêm gợi ý phong cách`}
          aria-describedby={`${id}-count${refusalText ? ` ${id}-refusal` : ''}`}
          placeholder={full ? t`Đã đủ ${MAX_STYLE_HINTS} gợi ý` : t`Ví dụ: thời trang mùa hè`}
          onChange={(event) => edit(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={f.smallButton} disabled={full || text.trim() === ''} onClick={() => add(text, true)}>
          <Trans>Thêm</Trans>
        </button>
      </div>
      <span id={`${id}-count`} className={f.counter}>
        <Trans>
          {count}/{MAX_STYLE_HINTS} gợi ý
        </Trans>
      </span>
      {refusalText ? (
        <span id={`${id}-refusal`} className={f.error} role="alert">
          {refusalText}
        </span>
      ) : null}
      {suggestions.length > 0 ? (
        <div className={f.chipRow} aria-label={t`Gợi ý có sẵn`} role="group">
          {suggestions.map((hint) => (
            <button
              key={hint}
              type="button"
              className={`${f.smallButton} ${s.suggestion}`}
              disabled={full}
              aria-label={t`Thêm “${hint}”`}
              onClick={() => add(hint, false)}
            >
              <span aria-hidden="true">+</span> {hint}
            </button>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

/** A small body outline whose shoulders, waist and hips follow the type. */
function BodyFigure({ type }: { type: BodyType }) {
  const { shoulders, waist, hips } = BODY_TYPE_INFO[type].shape;
  const centre = 20;
  const x = (width: number, side: -1 | 1) => centre + (side * width) / 2;
  const path = [
    `M${x(shoulders, -1)} 18`,
    `L${x(shoulders, 1)} 18`,
    `L${x(waist, 1)} 36`,
    `L${x(hips, 1)} 46`,
    `L${x(hips, 1) - 3} 63`,
    `L${centre + 2} 63`,
    `L${centre} 50`,
    `L${centre - 2} 63`,
    `L${x(hips, -1) + 3} 63`,
    `L${x(hips, -1)} 46`,
    `L${x(waist, -1)} 36`,
    'Z',
  ].join(' ');
  return (
    <svg className={s.figure} viewBox="0 0 40 64" aria-hidden="true">
      <circle cx={centre} cy={8} r={6} fill="currentColor" />
      <path d={path} fill="currentColor" opacity={0.85} />
    </svg>
  );
}

/** The frame's shape, at most 20 × 20 inside a 24 × 24 box. */
function RatioShape({ ratio }: { ratio: AspectRatio }) {
  const aspect = aspectValue(ratio);
  const longSide = 20;
  const width = aspect >= 1 ? longSide : longSide * aspect;
  const height = aspect >= 1 ? longSide / aspect : longSide;
  return (
    <svg className={s.ratioShape} viewBox="0 0 24 24" aria-hidden="true">
      <rect x={(24 - width) / 2} y={(24 - height) / 2} width={width} height={height} rx={2} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
