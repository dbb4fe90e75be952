import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { VIDEO_MODEL_CATALOG, VIDEO_MODELS, VIDEO_RESOLUTIONS, type VideoModel, type VideoResolution } from '../../../contract/generation-params.ts';
import type { EngineName } from '../../../contract/expected-durations.ts';
import { ChoiceGroup, CostLine, PromptField, SwitchField, UnitSlider } from '../shell/param-controls.tsx';
import { gated, useAccountPlan } from '../shell/plan-gate.ts';
import { PaidPlanNote, usePaidText, withPaidBadge } from '../shell/PaidPlan.tsx';
import {
  durationsWith,
  FLAG_DEFAULTS,
  lowestCredits,
  paramsForModel,
  resolutionsAt,
  sameVideoParams,
  videoParamsCost,
  visibleFields,
  withDuration,
  withResolution,
  type VideoParams,
} from './video-params.ts';
import * as s from '../shell/param-controls.css.ts';

/** Longest prompt the contract accepts (characters, after trimming). */
export const VIDEO_PROMPT_MAX = 2000;

/** One line on what each model is good at (docs/product-rules.md#image-to-video). */
export const VIDEO_MODEL_DESCRIPTIONS = {
  'seedance-v1': msg`Chuyển động tự nhiên, có thể giữ máy quay cố định; 480p hoặc 1080p.`,
  veo2: msg`Hình ảnh điện ảnh, chuyển động chân thực của Google.`,
  veo3: msg`Chất lượng cao nhất của Google, có thể tạo cả âm thanh.`,
  'hailuo-02': msg`Nhanh và tiết kiệm, tự tối ưu mô tả của bạn.`,
  'kling-2.1': msg`Bám sát mô tả, chỉnh được mức bám sát (CFG).`,
  'kling-2.5-turbo': msg`Bản nhanh hơn của Kling, chuyển động mạnh mẽ, chỉnh được CFG.`,
} as const satisfies Record<VideoModel, MessageDescriptor>;

const RESOLUTION_NAMES = {
  '480p': msg`Tiêu chuẩn`,
  '1080p': msg`Độ nét cao`,
} as const satisfies Record<VideoResolution, MessageDescriptor>;

export interface ImageToVideoParamsProps {
  /** The request's params (`GenerationRequestOf<'image-to-video'>['params']`); start from DEFAULT_VIDEO_PARAMS. */
  value: VideoParams;
  /** Every change gives a whole params object the chosen model accepts. */
  onChange: (params: VideoParams) => void;
  /** The engine that runs image to video now (null while unknown): the built-in one runs no model, and says so here. */
  engine?: EngineName | null;
}

/**
 * Step "Configure Parameters" of /image-to-video: the model, then only what that model accepts
 * (its durations and resolutions from the catalogue, its flags), the optional prompt, and the
 * price of the current choice. A value the model would refuse (from an old job, say) is put
 * right on mount, so what the screen submits always passes `checkPrerequisites`.
 */
export function ImageToVideoParams({ value, onChange, engine = null }: ImageToVideoParamsProps) {
  const { t, i18n } = useLingui();
  const fields = visibleFields(value.model);
  const offeredNow = resolutionsAt(value.model, value.duration);
  const credits = videoParamsCost(value, engine);
  const modelLabel = VIDEO_MODEL_CATALOG[value.model].label;
  const { duration, resolution } = value;
  const plan = useAccountPlan();
  const paidText = usePaidText();
  // Closed by the plan (the contract's rule, as the server decides): at this resolution, and a model at every resolution it offers.
  const closedAt = (option: VideoResolution) => gated(plan, { feature: 'image-to-video', params: { ...value, resolution: option } });
  const closedModels = VIDEO_MODELS.filter((model) =>
    VIDEO_MODEL_CATALOG[model].options.every((o) =>
      gated(plan, { feature: 'image-to-video', params: { model, duration: o.duration, resolution: o.resolution } }),
    ),
  );
  const closedResolutions = fields.resolutions.filter(closedAt);
  const list = (values: string[]) => new Intl.ListFormat(i18n.locale).format(values);
  const modelsText = (models: readonly VideoModel[]) => {
    const names = list(models.map((model) => VIDEO_MODEL_CATALOG[model].label));
    const resolutions = list(VIDEO_RESOLUTIONS.filter((r) => models.some((model) => visibleFields(model).resolutions.includes(r))));
    return t`${names} chỉ tạo video ${resolutions}, dành cho gói trả phí.`;
  };

  useEffect(() => {
    const canonical = paramsForModel(value.model, value);
    if (!sameVideoParams(canonical, value)) onChange(canonical);
  }, [value, onChange]);

  const resolutionReasons = fields.resolutions
    .filter((option) => !offeredNow.includes(option))
    .map((option) => {
      const durations = durationsWith(value.model, option).join(', ');
      return { resolution: option, text: t`${modelLabel} chỉ tạo ${option} với thời lượng ${durations} giây.` };
    });

  return (
    <div className={s.form} data-testid="image-to-video-params">
      <ChoiceGroup
        legend={<Trans>Mô hình</Trans>}
        variant="cards"
        testId="video-model"
        // At the model choice, before Generate (docs/product-rules.md#image-to-video): the built-in engine records the model, it does not run it.
        hint={
          engine === 'local' ? (
            <span data-testid="video-model-not-run">
              <Trans>Công cụ tích hợp sẵn không chạy {modelLabel}: chỉ lia, phóng trên ảnh tĩnh, ảnh không cử động.</Trans>
            </span>
          ) : undefined
        }
        value={value.model}
        onChange={(model) => onChange(paramsForModel(model, value))}
        options={VIDEO_MODELS.map((model) => {
          const from = lowestCredits(model, engine);
          const closed = closedModels.includes(model);
          return {
            value: model,
            label: withPaidBadge(VIDEO_MODEL_CATALOG[model].label, closed),
            aside: <Plural value={from} other="từ # tín dụng" />,
            description: i18n._(VIDEO_MODEL_DESCRIPTIONS[model]),
            disabled: closed,
            disabledReason: closed ? modelsText([model]) : undefined,
          };
        })}
      />
      {closedModels.length > 0 && <PaidPlanNote testId="video-model-paid-note">{modelsText(closedModels)}</PaidPlanNote>}

      <ChoiceGroup
        legend={<Trans>Thời lượng</Trans>}
        testId="video-duration"
        value={value.duration}
        onChange={(next) => onChange(withDuration(value, next))}
        options={fields.durations.map((seconds) => ({ value: seconds, label: <Trans>{seconds} giây</Trans> }))}
      />

      <ChoiceGroup
        legend={<Trans>Độ phân giải</Trans>}
        testId="video-resolution"
        value={value.resolution}
        onChange={(next) => onChange(withResolution(value, next))}
        hint={resolutionReasons.length > 0 ? resolutionReasons.map((reason) => reason.text).join(' ') : undefined}
        options={fields.resolutions.map((option) => {
          const reason = closedAt(option) ? paidText('video', [option]) : resolutionReasons.find((r) => r.resolution === option)?.text;
          return {
            value: option,
            label: withPaidBadge(option, closedAt(option)),
            description: i18n._(RESOLUTION_NAMES[option]),
            disabled: reason !== undefined,
            disabledReason: reason,
          };
        })}
      />
      {closedResolutions.length > 0 && <PaidPlanNote testId="video-paid-note">{paidText('video', closedResolutions)}</PaidPlanNote>}

      {(fields.camera_fixed || fields.cfg_scale || fields.prompt_optimizer || fields.generate_audio) && (
        <div className={s.group} data-testid="video-flags">
          {fields.camera_fixed && (
            <SwitchField
              testId="video-camera-fixed"
              label={<Trans>Giữ máy quay cố định</Trans>}
              description={<Trans>Khung hình đứng yên, chỉ chủ thể chuyển động.</Trans>}
              checked={value.camera_fixed ?? FLAG_DEFAULTS.camera_fixed}
              onChange={(camera_fixed) => onChange({ ...value, camera_fixed })}
            />
          )}
          {fields.cfg_scale && (
            <UnitSlider
              testId="video-cfg-scale"
              label={<Trans>Mức bám sát mô tả (CFG)</Trans>}
              description={<Trans>Cao: video theo sát mô tả hơn. Thấp: mô hình sáng tạo tự do hơn.</Trans>}
              value={value.cfg_scale ?? FLAG_DEFAULTS.cfg_scale}
              onChange={(cfg_scale) => onChange({ ...value, cfg_scale })}
            />
          )}
          {fields.prompt_optimizer && (
            <SwitchField
              testId="video-prompt-optimizer"
              label={<Trans>Tối ưu mô tả</Trans>}
              description={<Trans>Mô hình viết lại mô tả của bạn cho rõ hơn trước khi tạo.</Trans>}
              checked={value.prompt_optimizer ?? FLAG_DEFAULTS.prompt_optimizer}
              onChange={(prompt_optimizer) => onChange({ ...value, prompt_optimizer })}
            />
          )}
          {fields.generate_audio && (
            <SwitchField
              testId="video-generate-audio"
              label={<Trans>Tạo âm thanh</Trans>}
              description={<Trans>Thêm âm thanh hợp với cảnh vào video.</Trans>}
              checked={value.generate_audio ?? FLAG_DEFAULTS.generate_audio}
              onChange={(generate_audio) => onChange({ ...value, generate_audio })}
            />
          )}
        </div>
      )}

      <PromptField
        testId="video-prompt"
        label={<Trans>Mô tả chuyển động (không bắt buộc)</Trans>}
        hint={<Trans>Để trống, mô hình sẽ tạo chuyển động nhẹ nhàng, tự nhiên.</Trans>}
        placeholder={t`Ví dụ: người mẫu xoay nhẹ người, gió thổi tóc, máy quay tiến chậm.`}
        maxLength={VIDEO_PROMPT_MAX}
        value={value.prompt ?? ''}
        onChange={(text) => {
          const { prompt: _previous, ...rest } = value;
          onChange(text === '' ? rest : { ...rest, prompt: text });
        }}
      />

      <CostLine
        testId="video-cost"
        credits={credits}
        detail={
          <Trans>
            {modelLabel}, {duration} giây, {resolution}
          </Trans>
        }
      />
    </div>
  );
}
