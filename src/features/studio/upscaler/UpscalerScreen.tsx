import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPrerequisites } from '../../../contract/generations.ts';
import type { GenerationRequest } from '../../../contract/generations.schema.ts';
import type { Feature } from '../../../contract/tools.ts';
import { MAX_UPSCALE_INPUT_PIXELS, RECOMMENDED_VIDEO_SECONDS, UPLOAD_LIMITS } from '../../../contract/media.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { costOf, useCredits } from '../../generations/credits.ts';
import { withAccepted } from '../../generations/plan-kit.ts';
import { generationText } from '../../generations/generation-messages.ts';
import { useStudioJob } from '../../generations/use-studio-job.ts';
import { STUDIOS } from '../../registry/studios.ts';
import { useExpectedWait } from '../../generations/expected-duration.ts';
import { GenerateStep } from '../shell/GenerateStep.tsx';
import { gated, useAccountPlan } from '../shell/plan-gate.ts';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { ProcessingView } from '../shell/ProcessingView.tsx';
import { ResultView } from '../shell/ResultView.tsx';
import { StudioPage } from '../shell/StudioPage.tsx';
import { useStudioWizard } from '../shell/use-studio-wizard.ts';
import { useIncomingAsset } from '../shell/use-incoming-asset.ts';
import { UploadZone } from '../shell/UploadZone.tsx';
import * as s from '../shell/studio.css.ts';
import { UpscaleImageParams } from './UpscaleImageParams.tsx';
import { UpscaleVideoParams } from './UpscaleVideoParams.tsx';
import { UpscalerModeSwitch } from './UpscalerModeSwitch.tsx';
import {
  DEFAULT_UPSCALE_IMAGE_PARAMS,
  DEFAULT_UPSCALE_VIDEO_PARAMS,
  videoSeconds,
  type ImageUpscaleParams,
  type UpscalerMode,
  type VideoUpscaleParams,
} from './upscale-params.ts';

/**
 * The upscaler studio (docs/product-rules.md#studio-flows, #upscaler, #uploads,
 * #over-4k): image or video mode; Upload (purpose 'upscale': images up to 20 MB, videos MP4, WebM,
 * MOV up to 100 MB) → Configure (UpscaleImageParams with the input size and the 4K warning, or
 * UpscaleVideoParams with the 'under 30 seconds' note) → Generate → result (the image with the
 * before/after slider, or the video player). Both modes share one history and one running job.
 *
 * Test ids beyond the shell's and the parameter forms': `upscale-image` and `upscale-video` (the
 * upload zones' prefixes), UpscalerModeSwitch's `upscaler-mode-image` / `upscaler-mode-video`.
 */

/** The upscaler's two features: one job at a time is shown, whichever mode it was made in. */
export const UPSCALER_FEATURES: readonly Feature[] = STUDIOS.upscaler.features;

/** The request of the current choice in `mode`. */
export function upscaleRequest(
  mode: UpscalerMode,
  image: Asset | null,
  video: Asset | null,
  imageParams: ImageUpscaleParams,
  videoParams: VideoUpscaleParams,
): GenerationRequest {
  return mode === 'image'
    ? { feature: 'upscaler-image', inputs: { image: image?.id ?? null }, params: imageParams }
    : { feature: 'upscaler-video', inputs: { video: video?.id ?? null }, params: videoParams };
}

export function UpscalerScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob(UPSCALER_FEATURES);
  const credits = useCredits();
  const imageWait = useExpectedWait('upscaler-image');
  const videoWait = useExpectedWait('upscaler-video');

  const [mode, setMode] = useState<UpscalerMode>('image');
  const [image, setImage] = useState<Asset | null>(null);
  const [video, setVideo] = useState<Asset | null>(null);
  const [imageParams, setImageParams] = useState<ImageUpscaleParams>(DEFAULT_UPSCALE_IMAGE_PARAMS);
  const [videoParams, setVideoParams] = useState<VideoUpscaleParams>(DEFAULT_UPSCALE_VIDEO_PARAMS);

  const input = mode === 'image' ? image : video;
  const request = upscaleRequest(mode, image, video, imageParams, videoParams);
  const prerequisite = checkPrerequisites(request);
  const plan = useAccountPlan(studio.error?.code);
  // Generate waits for the prerequisites, then refuses what the plan does not include (as the server's 403).
  const problem = prerequisite ?? (gated(plan, request) ? 'planRequired' : null);
  const cost = input ? costOf(request, videoSeconds(video)) : null;

  const wizard = useStudioWizard({
    job: studio,
    steps: [
      { id: 'upload', label: t`Tải lên` },
      { id: 'configure', label: t`Thiết lập` },
      { id: 'generate', label: t`Tạo kết quả` },
      { id: 'result', label: t`Kết quả` },
    ],
    canAdvance: (index) => index < 2 && input !== null,
  });
  const { formStep } = wizard;

  // A link from the library (?asset=&as=image|video) opens the matching mode with that file.
  const takeIncoming = (next: UpscalerMode, set: (asset: Asset) => void) => (asset: Asset) => {
    setMode(next);
    set(asset);
    wizard.setFormStep(1);
  };
  useIncomingAsset('upscaler', { image: takeIncoming('image', setImage), video: takeIncoming('video', setVideo) }, studio);

  const changeMode = (next: UpscalerMode) => {
    setMode(next);
    // Each mode keeps its own file; the steps follow the file of the mode shown.
    wizard.setFormStep((next === 'image' ? image : video) ? 1 : 0);
  };

  /** Try Another: the flow starts again from an empty choice, in the same mode. */
  const startOver = () => {
    wizard.restart();
    setImage(null);
    setVideo(null);
    setImageParams(DEFAULT_UPSCALE_IMAGE_PARAMS);
    setVideoParams(DEFAULT_UPSCALE_VIDEO_PARAMS);
  };

  const history = <HistoryPanel feature={UPSCALER_FEATURES} title={t`Lịch sử làm nét`} studio={studio} />;

  const maxImageMb = UPLOAD_LIMITS.upscaleImage.maxMegabytes;
  const maxVideoMb = UPLOAD_LIMITS.upscaleVideo.maxMegabytes;
  const recommended = RECOMMENDED_VIDEO_SECONDS;
  const maxMegapixels = MAX_UPSCALE_INPUT_PIXELS / 1_000_000;

  let body;
  if (wizard.view === 'processing') {
    body = <ProcessingView studio={studio} />;
  } else if (wizard.view === 'result') {
    // The job's own input (a past job opened from the history has another than the form's).
    const shownImage = studio.job?.feature === 'upscaler-image' ? (studio.job.input_assets.find((asset) => asset.media_type === 'image') ?? null) : null;
    body = <ResultView studio={studio} before={shownImage} onTryAnother={startOver} />;
  } else {
    body = (
      <>
        <UpscalerModeSwitch value={mode} onChange={changeMode} disabled={studio.status === 'submitting'} />

        <div ref={wizard.section(0)} data-active={formStep === 0}>
          {mode === 'image' ? (
            <UploadZone
              key="image"
              kind="image"
              purpose="upscale"
              testId="upscale-image"
              label={<Trans>Bước 1: Tải ảnh lên</Trans>}
              hint={
                <ul className={s.guidance}>
                  <li>
                    <Trans>Ảnh JPEG, PNG hoặc WebP, tối đa {maxImageMb}MB.</Trans>
                  </li>
                  <li>
                    <Trans>Ảnh đến {maxMegapixels} triệu điểm ảnh giữ nguyên độ phân giải; kết quả gấp 2 đến 4 lần mỗi cạnh.</Trans>
                  </li>
                </ul>
              }
              value={image ? [image] : []}
              onChange={(assets) => {
                const next = assets[0] ?? null;
                setImage(next);
                if (next) wizard.completed(0);
              }}
              pasteFromDocument
            />
          ) : (
            <UploadZone
              key="video"
              kind="video"
              purpose="upscale"
              testId="upscale-video"
              label={<Trans>Bước 1: Tải video lên</Trans>}
              hint={
                <ul className={s.guidance}>
                  <li>
                    <Trans>Video MP4, WebM hoặc MOV, tối đa {maxVideoMb}MB.</Trans>
                  </li>
                  <li>
                    <Trans>Nên dùng video dưới {recommended} giây.</Trans>
                  </li>
                </ul>
              }
              value={video ? [video] : []}
              onChange={(assets) => {
                const next = assets[0] ?? null;
                setVideo(next);
                if (next) wizard.completed(0);
              }}
              pasteFromDocument
            />
          )}
        </div>

        <div ref={wizard.section(1)} className={s.card} data-active={formStep === 1}>
          <h2 className={s.cardTitle} tabIndex={-1}>
            <Trans>Bước 2: Thiết lập</Trans>
          </h2>
          {mode === 'image' ? (
            <UpscaleImageParams value={imageParams} onChange={setImageParams} input={image ? { width: image.width, height: image.height } : null} />
          ) : (
            <UpscaleVideoParams value={videoParams} onChange={setVideoParams} video={video} />
          )}
        </div>

        <GenerateStep
          sectionRef={wizard.section(2)}
          active={formStep === 2}
          title={<Trans>Bước 3: Làm nét</Trans>}
          note={mode === 'image' ? <Trans>Ảnh thường xong sau khoảng {imageWait}.</Trans> : <Trans>Video thường mất khoảng {videoWait}.</Trans>}
          studio={studio}
          cost={cost}
          balance={credits.balance}
          problem={problem ? generationText(problem, undefined, i18n) : null}
          output={mode}
          request={request}
          onGenerate={(accepted) => void studio.submit(withAccepted(request, accepted))}
        />
      </>
    );
  }

  return (
    <StudioPage studio="upscaler" {...wizard.frame} nextHint={prerequisite ? generationText(prerequisite, undefined, i18n) : null} aside={history}>
      {body}
    </StudioPage>
  );
}
