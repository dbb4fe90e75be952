import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPrerequisites } from '../../../contract/generations.ts';
import { VIDEO_MODEL_CATALOG } from '../../../contract/generation-params.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { costOf, useCredits } from '../../generations/credits.ts';
import { useToolEngine, withAccepted } from '../../generations/plan-kit.ts';
import { generationText, stageText } from '../../generations/generation-messages.ts';
import { useExpectedWait } from '../../generations/expected-duration.ts';
import { useStudioJob, type StudioJob } from '../../generations/use-studio-job.ts';
import { StudioGenerate } from '../shell/GenerateButton.tsx';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { ProcessingView } from '../shell/ProcessingView.tsx';
import { ResultView } from '../shell/ResultView.tsx';
import { StudioPage } from '../shell/StudioPage.tsx';
import { useStudioWizard } from '../shell/use-studio-wizard.ts';
import { useIncomingAsset } from '../shell/use-incoming-asset.ts';
import { UploadZone } from '../shell/UploadZone.tsx';
import * as s from '../shell/studio.css.ts';
import { gated, useAccountPlan } from '../shell/plan-gate.ts';
import { ImageToVideoParams } from './ImageToVideoParams.tsx';
import { FORM_STEPS, nextBlocker, RESULT_STEP, VIDEO_STAGES, videoRequest, videoStageStates, type FormStep } from './video-flow.ts';
import { DEFAULT_VIDEO_PARAMS, type VideoParams } from './video-params.ts';
import * as v from './image-to-video.css.ts';

/**
 * The image-to-video studio (docs/product-rules.md#studio-flows): Upload Image → Configure Parameters →
 * Generate Video → View Result, one step shown at a time (all three on one page: the legacy
 * studio), with Back and Next (Tiếp tục); Next
 * stays disabled, with the reason, until the step is complete. The model picker offers only
 * each model's own durations, resolutions and flags (ImageToVideoParams); the price follows the
 * choice. While the job runs, the processing view and the video stages (docs/product-rules.md#generation-stages); then the player.
 *
 * Test ids beyond the shell's and the form's: `i2v-image*` (the upload zone), `i2v-step`
 * (`data-step` = upload | configure | generate), `i2v-summary` with `i2v-summary-model`,
 * `i2v-summary-duration`, `i2v-summary-resolution`; `video-stage` (`data-stage`, `data-state`).
 */

export function ImageToVideoScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob('image-to-video');
  const credits = useCredits();
  const engine = useToolEngine('image-to-video');

  const [image, setImage] = useState<Asset | null>(null);
  const [params, setParams] = useState<VideoParams>(DEFAULT_VIDEO_PARAMS);

  // A link from the library (?asset=&as=image) starts with that image.
  useIncomingAsset('image-to-video', { image: setImage }, studio);

  const request = videoRequest(image, params);
  const cost = costOf(request, 0, engine);
  const steps = [
    { id: FORM_STEPS[0], label: t`Tải ảnh lên` },
    { id: FORM_STEPS[1], label: t`Thiết lập thông số` },
    { id: FORM_STEPS[2], label: t`Tạo video` },
    { id: RESULT_STEP, label: t`Xem kết quả` },
  ];
  const wizard = useStudioWizard({
    job: studio,
    steps,
    canAdvance: (index) => nextBlocker(FORM_STEPS[index] ?? 'upload', image, params) === null,
    mode: 'panel',
  });
  const { formStep, panelRef, frame, allPanels } = wizard;
  const currentForm = FORM_STEPS[formStep] ?? 'upload';
  const blocker = nextBlocker(currentForm, image, params);
  const plan = useAccountPlan(studio.error?.code);
  /** The prerequisite message of the whole request, else the plan's refusal (as the server's 403), for the Generate button. */
  const problem = checkPrerequisites(request) ?? (gated(plan, request) ? 'planRequired' : null);
  const configureTitle = useId();
  const generateTitle = useId();

  /** Try Another / Create New: the flow starts again with no image and the default settings. */
  const startOver = () => {
    wizard.restart();
    setImage(null);
    setParams(DEFAULT_VIDEO_PARAMS);
  };

  const history = <HistoryPanel feature="image-to-video" title={t`Lịch sử video`} studio={studio} />;

  const output =
    wizard.view === 'processing' ? (
      <>
        <ProcessingView studio={studio} />
        <VideoStages studio={studio} />
      </>
    ) : wizard.view === 'result' ? (
      <ResultView studio={studio} onTryAnother={startOver} />
    ) : null;

  /** A form step's panel: the current one in the step flow, all three in order on one page. */
  const panel = (step: FormStep) => (
    <div
      key={step}
      ref={allPanels ? undefined : panelRef}
      className={v.stepPanel}
      tabIndex={allPanels ? undefined : -1}
      aria-label={allPanels ? undefined : steps[formStep]?.label}
      data-testid="i2v-step"
      data-step={step}
    >
      {step === 'upload' ? (
        <UploadZone
          kind="image"
          testId="i2v-image"
          label={<Trans>Bước 1: Tải ảnh lên</Trans>}
          hint={
            <ul className={s.guidance}>
              <li>
                <Trans>Ảnh rõ nét, đủ sáng, chủ thể nằm giữa khung hình.</Trans>
              </li>
              <li>
                <Trans>Video giữ tỉ lệ khung của ảnh (từ dọc 9:16 đến ngang 16:9).</Trans>
              </li>
              <li>
                <Trans>Ảnh JPEG, PNG hoặc WebP, tối đa 10MB.</Trans>
              </li>
            </ul>
          }
          value={image ? [image] : []}
          onChange={(assets) => setImage(assets[0] ?? null)}
          pasteFromDocument
        />
      ) : step === 'configure' ? (
        <section className={s.card} aria-labelledby={configureTitle}>
          <h2 id={configureTitle} className={s.cardTitle}>
            <Trans>Bước 2: Thiết lập thông số</Trans>
          </h2>
          <ImageToVideoParams value={params} onChange={setParams} engine={engine} />
        </section>
      ) : (
        <section className={s.card} aria-labelledby={generateTitle}>
          <h2 id={generateTitle} className={s.cardTitle}>
            <Trans>Bước 3: Tạo video</Trans>
          </h2>
          <Summary image={image} params={params} />
          <ExpectedNote />
          <StudioGenerate
            studio={studio}
            output="video"
            cost={cost}
            balance={credits.balance}
            problem={problem ? generationText(problem, undefined, i18n) : null}
            request={request}
            onGenerate={(accepted) => void studio.submit(withAccepted(request, accepted))}
          />
        </section>
      )}
    </div>
  );

  return (
    <StudioPage
      studio="image-to-video"
      {...frame}
      nextHint={blocker ? <span data-testid="i2v-next-hint">{generationText(blocker, undefined, i18n)}</span> : undefined}
      aside={history}
      output={output}
    >
      {allPanels ? FORM_STEPS.map(panel) : panel(currentForm)}
    </StudioPage>
  );
}

/** What will be sent: the image and the chosen settings, before the credits are spent. */
function Summary({ image, params }: { image: Asset | null; params: VideoParams }) {
  const { t } = useLingui();
  const model = VIDEO_MODEL_CATALOG[params.model].label;
  // Named as in the form ('{seconds} giây'): one message for both.
  const { duration: seconds, resolution } = params;
  const flags = [
    params.camera_fixed ? t`Giữ máy quay cố định` : null,
    params.generate_audio ? t`Tạo âm thanh` : null,
    params.prompt_optimizer ? t`Tối ưu mô tả` : null,
  ].filter((flag): flag is string => flag !== null);
  return (
    <div className={v.summary} data-testid="i2v-summary">
      {image ? <img className={v.summaryImage} src={mediaSrc(image.thumbnail_url ?? image.url)} alt={image.name} /> : <span />}
      <dl className={v.summaryList}>
        <dt className={v.summaryTerm}>
          <Trans>Mô hình</Trans>
        </dt>
        <dd className={v.summaryValue} data-testid="i2v-summary-model">
          {model}
        </dd>
        <dt className={v.summaryTerm}>
          <Trans>Thời lượng</Trans>
        </dt>
        <dd className={v.summaryValue} data-testid="i2v-summary-duration" data-seconds={seconds}>
          <Trans>{seconds} giây</Trans>
        </dd>
        <dt className={v.summaryTerm}>
          <Trans>Độ phân giải</Trans>
        </dt>
        <dd className={v.summaryValue} data-testid="i2v-summary-resolution">
          {resolution}
        </dd>
        {params.cfg_scale !== undefined ? (
          <>
            <dt className={v.summaryTerm}>
              <Trans>Mức bám sát mô tả (CFG)</Trans>
            </dt>
            <dd className={v.summaryValue}>{params.cfg_scale.toFixed(2)}</dd>
          </>
        ) : null}
        {flags.length > 0 ? (
          <>
            <dt className={v.summaryTerm}>
              <Trans>Tùy chọn</Trans>
            </dt>
            <dd className={v.summaryValue}>{flags.join(', ')}</dd>
          </>
        ) : null}
        <dt className={v.summaryTerm}>
          <Trans>Mô tả chuyển động</Trans>
        </dt>
        <dd className={v.summaryValue}>{params.prompt ? params.prompt : <Trans>Không có (chuyển động tự nhiên)</Trans>}</dd>
      </dl>
    </div>
  );
}

/** The wait for a video: what the server measured on the engine that runs it, else the default. */
function ExpectedNote() {
  const wait = useExpectedWait('image-to-video');
  return (
    <p className={s.muted}>
      <Trans>Video thường hoàn tất sau khoảng {wait}. Bạn có thể rời trang trong lúc chờ.</Trans>
    </p>
  );
}

/** The three stages of a video job (docs/product-rules.md#generation-stages), each done, under way or to come. */
function VideoStages({ studio }: { studio: Pick<StudioJob, 'stage' | 'job'> }) {
  const { t, i18n } = useLingui();
  const states = videoStageStates(studio.stage, studio.job?.status === 'completed');
  const label = { done: t`Xong`, current: t`Đang thực hiện`, todo: t`Chờ` } as const;
  return (
    <section className={s.card} aria-label={t`Các giai đoạn tạo video`}>
      <ol className={v.stages}>
        {VIDEO_STAGES.map((stage, index) => (
          <li
            key={stage}
            className={v.stage}
            data-testid="video-stage"
            data-stage={stage}
            data-state={states[stage]}
            aria-current={states[stage] === 'current' ? 'step' : undefined}
          >
            <span className={v.stageMark} aria-hidden="true">
              {states[stage] === 'done' ? '✓' : index + 1}
            </span>
            <span>{stageText(stage, i18n)}</span>
            <span className={s.muted}>({label[states[stage]]})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
