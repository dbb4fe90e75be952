import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextArea } from '../../../../ui/Field.tsx';
import { RadioChoice } from '../../../../ui/RadioChoice.tsx';
import * as f from '../../body-generator/form.css.ts';
import { HAIR_COLOR_PALETTE, normalizeHexColor, paletteEntry } from './hair-colors.ts';
import * as s from './hairstyle.css.ts';

/** The hairstyle request's colour and description (`params.color`, `params.prompt`). */
export interface HairCustomisation {
  /** `#rrggbb`, lower case; undefined keeps the person's own colour. */
  color?: string;
  prompt?: string;
}

export interface HairCustomiseProps {
  value: HairCustomisation;
  onChange: (next: HairCustomisation) => void;
  disabled?: boolean;
}

/** The contract's limit on a prompt, in characters. */
const MAX_PROMPT_LENGTH = 2000;
/** What the colour well shows while no colour is chosen (it cannot be empty). */
const NEUTRAL_WELL = '#3b2a22';

/**
 * Customising the new hair (docs/product-rules.md#hairstyle): a palette of
 * common colours, a custom colour (picker or typed code) and an optional description. The
 * contract needs a template style or a reference photo; the description only refines it, and
 * the form says so. The brush mask is the mask editor's, next to this on the screen.
 */
export function HairCustomise({ value, onChange, disabled = false }: HairCustomiseProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  // The code being typed, kept while it is not a colour yet; null shows the chosen colour.
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && draft.trim() !== '' && normalizeHexColor(draft) === null;
  const entry = paletteEntry(value.color);
  const custom = value.color !== undefined && !entry;
  const setColor = (color: string | undefined) => onChange({ ...value, color });
  const chosenName = value.color === undefined ? t`Màu tóc hiện tại` : entry ? i18n._(entry.label) : value.color;

  return (
    <fieldset className={f.formFieldset} disabled={disabled} data-testid="hair-customise">
      <fieldset className={f.fieldset}>
        <legend className={f.legend}>
          <Trans>Màu tóc</Trans>
        </legend>
        <div className={s.palette}>
          <RadioChoice
            look="none"
            className={`${s.colorChoice} ${s.keepColor}`}
            title={t`Giữ màu tóc hiện tại`}
            name={`${id}-color`}
            checked={value.color === undefined}
            onChange={() => {
              setDraft(null);
              setColor(undefined);
            }}
            aria-label={t`Giữ màu tóc hiện tại`}
          />
          {HAIR_COLOR_PALETTE.map((swatch) => {
            const label = i18n._(swatch.label);
            return (
              <RadioChoice
                key={swatch.color}
                look="none"
                className={s.colorChoice}
                style={{ background: swatch.color }}
                title={label}
                name={`${id}-color`}
                value={swatch.color}
                checked={value.color?.toLowerCase() === swatch.color}
                onChange={() => {
                  setDraft(null);
                  setColor(swatch.color);
                }}
                aria-label={label}
              />
            );
          })}
        </div>
        <div className={s.customRow}>
          <label className={f.label} htmlFor={`${id}-well`}>
            <Trans>Màu tùy chọn</Trans>
          </label>
          <input
            id={`${id}-well`}
            className={s.colorInput}
            type="color"
            value={value.color ?? NEUTRAL_WELL}
            onChange={(event) => {
              const color = normalizeHexColor(event.target.value);
              if (color) {
                setDraft(null);
                setColor(color);
              }
            }}
            data-testid="hair-color-well"
          />
          <input
            className={`${f.input} ${s.hexInput}`}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            placeholder="#rrggbb"
            aria-label={t`Mã màu (#rrggbb)`}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-hex-error` : undefined}
            value={draft ?? (custom ? value.color : '')}
            onChange={(event) => {
              const text = event.target.value;
              setDraft(text);
              const color = normalizeHexColor(text);
              if (color) setColor(color);
            }}
            onBlur={() => setDraft(null)}
            data-testid="hair-color-hex"
          />
        </div>
        {invalid ? (
          <span id={`${id}-hex-error`} className={f.error}>
            <Trans>Nhập mã màu dạng #rrggbb, ví dụ #6a3f26.</Trans>
          </span>
        ) : null}
        <span className={s.current} data-testid="hair-color-current">
          <span className={s.currentDot} style={value.color ? { background: value.color } : undefined} aria-hidden="true" />
          <Trans>Màu đã chọn: {chosenName}</Trans>
        </span>
      </fieldset>

      <TextArea
        label={<Trans>Mô tả kiểu tóc (không bắt buộc)</Trans>}
        hint={<Trans>Cần chọn một kiểu tóc mẫu hoặc tải ảnh tham khảo; phần mô tả chỉ để nói thêm chi tiết.</Trans>}
        value={value.prompt ?? ''}
        maxLength={MAX_PROMPT_LENGTH}
        placeholder={t`Ví dụ: mái thưa, uốn nhẹ phần đuôi, tóc bồng bềnh`}
        onChange={(event) => onChange({ ...value, prompt: event.target.value })}
        data-testid="hair-prompt"
      />
    </fieldset>
  );
}
