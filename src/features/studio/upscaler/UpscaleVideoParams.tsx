import { useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UPSCALE_FACTORS, VIDEO_TARGET_FPS, VIDEO_TARGET_RESOLUTIONS } from '../../../contract/generation-params.ts';
import { RECOMMENDED_VIDEO_SECONDS } from '../../../contract/media.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { formatDuration } from '../../../lib/format.ts';
import { IconWarning } from '../../../ui/icons/media/IconWarning.tsx';
import { ChoiceGroup, CostLine, SwitchField } from '../shell/param-controls.tsx';
import {
  isLongVideo,
  videoSeconds,
  videoSizing,
  videoUpscaleCost,
  withVideoSizing,
  type TargetResolution,
  type UpscaleFactor,
  type VideoSizing,
  type VideoUpscaleParams,
} from './upscale-params.ts';
import * as s from '../shell/param-controls.css.ts';
import { gated, useAccountPlan } from '../shell/plan-gate.ts';
import { PaidPlanNote, usePaidText, withPaidBadge } from '../shell/PaidPlan.tsx';

export type UpscaleVideoInput = Pick<Asset, 'duration_seconds' | 'warnings' | 'fps'>;

export interface UpscaleVideoParamsProps {
  /** The request's params (`GenerationRequestOf<'upscaler-video'>['params']`); start from DEFAULT_UPSCALE_VIDEO_PARAMS. */
  value: VideoUpscaleParams;
  onChange: (params: VideoUpscaleParams) => void;
  /** The chosen video (its length prices the job and triggers the long-video warning); null before one is chosen. */
  video?: UpscaleVideoInput | null;
}

/**
 * Step "Configure" of /upscaler in video mode: a factor or a target resolution (one or the
 * other), the target frame rate, H.264 instead of the default H.265, the "under 30 seconds" (docs/product-rules.md#long-video)
 * note with a warning for a longer video, and the price from the video's length.
 */
export function UpscaleVideoParams({ value, onChange, video }: UpscaleVideoParamsProps) {
  const { t } = useLingui();
  const sizing = videoSizing(value);
  // The last factor and target chosen, so switching the sizing back and forth restores them.
  const last = useRef<{ factor?: UpscaleFactor; target?: TargetResolution }>({});
  const seconds = videoSeconds(video);
  const length = formatDuration(seconds);
  const long = isLongVideo(video);
  const credits = videoUpscaleCost(value, video);
  const factor = value.factor;
  const target = value.target_resolution ?? '';
  const plan = useAccountPlan();
  const paidText = usePaidText();
  // What the plan closes of the shown choice (the contract's rule, as the server decides).
  const closedFactors = UPSCALE_FACTORS.filter((option) =>
    gated(plan, { feature: 'upscaler-video', params: { ...value, target_resolution: undefined, factor: option } }),
  );
  const closedTargets = VIDEO_TARGET_RESOLUTIONS.filter((option) =>
    gated(plan, { feature: 'upscaler-video', params: { ...value, target_resolution: option } }),
  );
  const closedText =
    sizing === 'factor'
      ? closedFactors.length > 0 &&
        paidText(
          'upscale',
          closedFactors.map((f) => `×${f}`),
        )
      : closedTargets.length > 0 && paidText('video', closedTargets);
  const recommended = RECOMMENDED_VIDEO_SECONDS;
  const sourceFps = video?.fps ? Math.round(video.fps) : null;

  const changeSizing = (next: VideoSizing) => {
    if (next === sizing) return;
    if (sizing === 'factor') last.current.factor = value.factor;
    else if (value.target_resolution) last.current.target = value.target_resolution;
    onChange(withVideoSizing(value, next, last.current));
  };

  return (
    <div className={s.form} data-testid="upscale-video-params">
      <p className={s.note} data-testid="upscale-video-recommendation">
        <Trans>Nên dùng video dưới {recommended} giây: xử lý nhanh hơn và tốn ít tín dụng hơn.</Trans>
      </p>
      {long && (
        <p className={s.warning} role="alert" data-testid="upscale-long-video">
          <IconWarning size={20} />
          <span>
            <Trans>
              Video này dài {length}, quá {recommended} giây được khuyến nghị: quá trình làm nét sẽ lâu hơn và tốn nhiều tín dụng hơn. Hãy cân nhắc cắt ngắn
              trước khi tải lên.
            </Trans>
          </span>
        </p>
      )}

      <ChoiceGroup<VideoSizing>
        legend={<Trans>Cách phóng to</Trans>}
        hint={<Trans>Chọn một trong hai: nhân kích thước theo hệ số, hoặc đặt thẳng độ phân giải của video kết quả.</Trans>}
        variant="cards"
        testId="upscale-video-sizing"
        value={sizing}
        onChange={changeSizing}
        options={[
          { value: 'factor', label: <Trans>Theo hệ số</Trans>, description: <Trans>Mỗi cạnh gấp 2, 3 hoặc 4 lần video gốc.</Trans> },
          {
            value: 'resolution',
            label: <Trans>Theo độ phân giải đích</Trans>,
            description: <Trans>Chọn chiều cao kết quả (720p đến 2160p); chiều rộng theo tỉ lệ của video.</Trans>,
          },
        ]}
      />

      {sizing === 'factor' ? (
        <ChoiceGroup
          legend={<Trans>Hệ số phóng to</Trans>}
          testId="upscale-video-factor"
          value={value.factor}
          onChange={(next) => onChange({ ...value, factor: next })}
          options={UPSCALE_FACTORS.map((option) => {
            const closed = closedFactors.includes(option);
            return {
              value: option,
              label: withPaidBadge(`${option}×`, closed),
              disabled: closed,
              disabledReason: closed ? paidText('upscale', [`×${option}`]) : undefined,
            };
          })}
        />
      ) : (
        <ChoiceGroup
          legend={<Trans>Độ phân giải đích</Trans>}
          testId="upscale-video-resolution"
          value={value.target_resolution}
          onChange={(next) => onChange({ ...value, target_resolution: next })}
          options={VIDEO_TARGET_RESOLUTIONS.map((option) => {
            const closed = closedTargets.includes(option);
            return { value: option, label: withPaidBadge(option, closed), disabled: closed, disabledReason: closed ? paidText('video', [option]) : undefined };
          })}
        />
      )}
      {closedText && <PaidPlanNote testId="upscale-video-paid-note">{closedText}</PaidPlanNote>}

      <ChoiceGroup
        legend={<Trans>Tốc độ khung hình đích</Trans>}
        hint={
          sourceFps ? (
            <Trans>Video gốc: {sourceFps} khung hình/giây. Tốc độ cao hơn sẽ được nội suy thêm khung hình.</Trans>
          ) : (
            <Trans>Tốc độ cao hơn video gốc sẽ được nội suy thêm khung hình.</Trans>
          )
        }
        testId="upscale-video-fps"
        value={value.target_fps}
        onChange={(target_fps) => onChange({ ...value, target_fps })}
        options={VIDEO_TARGET_FPS.map((fps) => ({ value: fps, label: t`${fps} khung hình/giây` }))}
      />

      <div className={s.group}>
        <SwitchField
          testId="upscale-video-h264"
          label={<Trans>Xuất bằng H.264</Trans>}
          description={
            <Trans>
              Mặc định là H.265 (HEVC): tệp nhỏ hơn ở cùng chất lượng, nhưng một số trình duyệt và thiết bị cũ không phát được. Bật H.264 để mở được trên hầu
              hết thiết bị, đổi lại tệp nặng hơn.
            </Trans>
          }
          checked={value.h264}
          onChange={(h264) => onChange({ ...value, h264 })}
        />
      </div>

      <CostLine
        testId="upscale-video-cost"
        credits={credits}
        detail={
          video ? (
            sizing === 'factor' ? (
              <Trans>
                video {length}, phóng to {factor}×
              </Trans>
            ) : (
              <Trans>
                video {length}, độ phân giải {target}
              </Trans>
            )
          ) : (
            <Trans>cho mỗi 10 giây video</Trans>
          )
        }
      />
    </div>
  );
}
