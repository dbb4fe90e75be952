import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  SUBJECT_DETECTION,
  UPSCALE_FACTORS,
  UPSCALE_IMAGE_MODEL_LABELS,
  UPSCALE_IMAGE_MODELS,
  UPSCALE_OUTPUT_FORMATS,
  upscaleImageCredits,
  type UpscaleImageModel,
} from '../../../contract/generation-params.ts';
import { formatDimensions } from '../../../lib/format.ts';
import { Over4kWarning } from '../../assets/over4k/Over4kWarning.tsx';
import { ChoiceGroup, CostLine, SwitchField, UnitSlider } from '../shell/param-controls.tsx';
import { imageUpscaleCost, plannedSize, type ImageUpscaleParams, type Size } from './upscale-params.ts';
import { gated, useAccountPlan } from '../shell/plan-gate.ts';
import { PaidPlanNote, usePaidText, withPaidBadge } from '../shell/PaidPlan.tsx';
import * as s from '../shell/param-controls.css.ts';

/** What each Topaz model is for (docs/product-rules.md#upscaler). */
export const UPSCALE_MODEL_DESCRIPTIONS = {
  'standard-v2': msg`Đa dụng, cân bằng cho hầu hết ảnh chụp.`,
  'low-resolution-v2': msg`Cho ảnh nhỏ, độ phân giải thấp hoặc lấy từ web.`,
  cgi: msg`Cho ảnh đồ họa, tranh minh họa và ảnh dựng 3D.`,
  'high-fidelity-v2': msg`Giữ tối đa chi tiết của ảnh đã có chất lượng tốt.`,
  'text-refine': msg`Làm rõ chữ và đường nét mảnh trong ảnh.`,
  'recovery-v2': msg`Phục hồi ảnh rất nhỏ, mờ hoặc bị nén nặng.`,
} as const satisfies Record<UpscaleImageModel, MessageDescriptor>;

/** File format names are not translated. */
const FORMAT_NAMES = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP' } as const satisfies Record<(typeof UPSCALE_OUTPUT_FORMATS)[number], string>;
const FORMAT_NOTES = {
  jpeg: msg`Nhẹ, mở được ở mọi nơi`,
  png: msg`Không mất chất lượng`,
  webp: msg`Nhẹ nhất, hợp cho web`,
} as const satisfies Record<(typeof UPSCALE_OUTPUT_FORMATS)[number], MessageDescriptor>;
const SUBJECT_NAMES = {
  all: msg`Toàn bộ ảnh`,
  foreground: msg`Chủ thể`,
  background: msg`Hậu cảnh`,
} as const satisfies Record<(typeof SUBJECT_DETECTION)[number], MessageDescriptor>;

export interface UpscaleImageParamsProps {
  /** The request's params (`GenerationRequestOf<'upscaler-image'>['params']`); start from DEFAULT_UPSCALE_IMAGE_PARAMS. */
  value: ImageUpscaleParams;
  onChange: (params: ImageUpscaleParams) => void;
  /** The chosen image's size in px (the asset's width and height), for the planned output and the 4K warning. */
  input?: Size | null;
}

/**
 * Step "Configure" of /upscaler in image mode: model, factor (with the size each gives), output
 * format, subject detection, face enhancement (its strength and creativity only while on), crop
 * to fill, the planned output size with the warning above 4K (docs/product-rules.md#over-4k), and the price.
 */
export function UpscaleImageParams({ value, onChange, input }: UpscaleImageParamsProps) {
  const { i18n } = useLingui();
  const set = (patch: Partial<ImageUpscaleParams>) => onChange({ ...value, ...patch });
  const planned = input ? plannedSize(input, value.factor) : undefined;
  const plannedText = planned ? formatDimensions(planned.width, planned.height) : '';
  const factor = value.factor;
  const plan = useAccountPlan();
  const paidText = usePaidText();
  const closedFactors = UPSCALE_FACTORS.filter((option) => gated(plan, { feature: 'upscaler-image', params: { ...value, factor: option } }));

  return (
    <div className={s.form} data-testid="upscale-image-params">
      <ChoiceGroup
        legend={<Trans>Mô hình</Trans>}
        variant="cards"
        testId="upscale-model"
        value={value.model}
        onChange={(model) => set({ model })}
        options={UPSCALE_IMAGE_MODELS.map((model) => ({
          value: model,
          label: UPSCALE_IMAGE_MODEL_LABELS[model],
          description: i18n._(UPSCALE_MODEL_DESCRIPTIONS[model]),
        }))}
      />

      <div className={s.fieldset}>
        <ChoiceGroup
          legend={<Trans>Hệ số phóng to</Trans>}
          testId="upscale-factor"
          value={value.factor}
          onChange={(next) => set({ factor: next })}
          options={UPSCALE_FACTORS.map((option) => {
            const credits = upscaleImageCredits(option);
            const closed = closedFactors.includes(option);
            return {
              value: option,
              label: withPaidBadge(`${option}×`, closed),
              description: <Plural value={credits} other="# tín dụng" />,
              disabled: closed,
              disabledReason: closed ? paidText('upscale', [`×${option}`]) : undefined,
            };
          })}
        />
        {closedFactors.length > 0 && (
          <PaidPlanNote testId="upscale-image-paid-note">
            {paidText(
              'upscale',
              closedFactors.map((f) => `×${f}`),
            )}
          </PaidPlanNote>
        )}
        {planned && (
          <p className={s.note} data-testid="upscale-planned-size">
            <Trans>
              Kết quả: {plannedText} px (gấp {factor} lần mỗi cạnh)
            </Trans>
          </p>
        )}
        <Over4kWarning planned={planned} />
      </div>

      <ChoiceGroup
        legend={<Trans>Định dạng xuất</Trans>}
        testId="upscale-format"
        value={value.output_format}
        onChange={(output_format) => set({ output_format })}
        options={UPSCALE_OUTPUT_FORMATS.map((format) => ({ value: format, label: FORMAT_NAMES[format], description: i18n._(FORMAT_NOTES[format]) }))}
      />

      <ChoiceGroup
        legend={<Trans>Nhận diện chủ thể</Trans>}
        hint={<Trans>Vùng được ưu tiên làm nét: cả ảnh, chủ thể chính hay hậu cảnh.</Trans>}
        testId="upscale-subject"
        value={value.subject_detection}
        onChange={(subject_detection) => set({ subject_detection })}
        options={SUBJECT_DETECTION.map((subject) => ({ value: subject, label: i18n._(SUBJECT_NAMES[subject]) }))}
      />

      <div className={s.group}>
        <SwitchField
          testId="upscale-face-enhancement"
          label={<Trans>Cải thiện khuôn mặt</Trans>}
          description={<Trans>Làm rõ nét mặt, mắt và da của người trong ảnh.</Trans>}
          checked={value.face_enhancement}
          onChange={(face_enhancement) => set({ face_enhancement })}
        />
        {value.face_enhancement && (
          <div className={s.nested} data-testid="upscale-face-sliders">
            <UnitSlider
              testId="upscale-face-strength"
              label={<Trans>Cường độ</Trans>}
              description={<Trans>Mức độ làm rõ khuôn mặt.</Trans>}
              value={value.face_enhancement_strength}
              onChange={(face_enhancement_strength) => set({ face_enhancement_strength })}
            />
            <UnitSlider
              testId="upscale-face-creativity"
              label={<Trans>Độ sáng tạo</Trans>}
              description={<Trans>Cao hơn: mô hình được tự thêm chi tiết; thấp: giữ sát ảnh gốc.</Trans>}
              value={value.face_enhancement_creativity}
              onChange={(face_enhancement_creativity) => set({ face_enhancement_creativity })}
            />
          </div>
        )}
        <SwitchField
          testId="upscale-crop-to-fill"
          label={<Trans>Cắt cho vừa khung</Trans>}
          description={<Trans>Cắt bớt mép ảnh để lấp kín khung kết quả thay vì để viền.</Trans>}
          checked={value.crop_to_fill}
          onChange={(crop_to_fill) => set({ crop_to_fill })}
        />
      </div>

      <CostLine testId="upscale-image-cost" credits={imageUpscaleCost(value)} detail={<Trans>phóng to {factor}×</Trans>} />
    </div>
  );
}
