import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UpscalerMode } from './upscale-params.ts';
import * as s from './mode-switch.css.ts';

export interface UpscalerModeSwitchProps {
  value: UpscalerMode;
  onChange: (mode: UpscalerMode) => void;
  /** While a job is submitting or running the mode stays put. */
  disabled?: boolean;
}

/**
 * Image or video (docs/product-rules.md#studio-flows: two modes). A segmented control of native radios: arrow
 * keys move between the two, each half is a 44 px target.
 */
export function UpscalerModeSwitch({ value, onChange, disabled = false }: UpscalerModeSwitchProps) {
  const { t } = useLingui();
  const name = useId();
  const modes: ReadonlyArray<{ mode: UpscalerMode; label: string }> = [
    { mode: 'image', label: t`Ảnh` },
    { mode: 'video', label: t`Video` },
  ];
  return (
    <fieldset className={s.switcher} disabled={disabled} data-testid="upscaler-mode">
      <legend className={s.legend}>
        <Trans>Loại tệp cần làm nét</Trans>
      </legend>
      {modes.map(({ mode, label }) => (
        <label key={mode} className={s.segment} data-testid={`upscaler-mode-${mode}`}>
          <input type="radio" className={s.radio} name={name} value={mode} checked={value === mode} onChange={() => onChange(mode)} />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
