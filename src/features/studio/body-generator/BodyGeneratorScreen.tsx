import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPrerequisites, type GenerationRequest } from '../../../contract/generations.ts';
import type { Asset } from '../../../contract/media.ts';
import { button } from '../../../ui/button.css.ts';
import { AppLink } from '../../../ui/link.tsx';
import { costOf, useCredits } from '../../generations/credits.ts';
import { generationText } from '../../generations/generation-messages.ts';
import { useStudioJob } from '../../generations/use-studio-job.ts';
import { StudioGenerate } from '../shell/GenerateButton.tsx';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { ProcessingView } from '../shell/ProcessingView.tsx';
import { ResultView } from '../shell/ResultView.tsx';
import { StudioPage, type StudioStep } from '../shell/StudioPage.tsx';
import { useIncomingAsset } from '../shell/use-incoming-asset.ts';
import { UploadZone } from '../shell/UploadZone.tsx';
import * as s from '../shell/studio.css.ts';
import { BodyParamsForm } from './BodyParamsForm.tsx';
import { BODY_TYPE_INFO, GENDER_LABELS, INITIAL_BODY_PARAMS, SKIN_TONE_SWATCHES, type BodyParams } from './body-params.ts';

/**
 * The body generator studio (spec §2 Studio step flows, §5 prerequisites): Parameters (gender,
 * height, weight, age, skin tone, body type, aspect ratio, with the custom prompt and style
 * hints at the end of the same form) → optional face photo → customise and Generate (1 credit)
 * → processing → result. The result is a virtual model: the result screen links to the virtual
 * try-on, whose model picker lists generated images (every image asset can be picked as a model).
 *
 * Test ids beyond the shell's and the form's: `body-face` (the face zone's prefix),
 * `body-summary`, `body-use-as-model`.
 */

/** The body generator request of the current choice (the face photo is optional). */
export function bodyRequest(params: BodyParams, face: Asset | null): GenerationRequest {
  return { feature: 'body-generator', inputs: { face: face?.id ?? null }, params: { ...params, prompt: params.prompt?.trim() ?? '' } };
}

const STEP_IDS = ['parameters', 'face', 'customise', 'result'] as const;

export function BodyGeneratorScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob('body-generator');
  const credits = useCredits();

  const [params, setParams] = useState<BodyParams>(INITIAL_BODY_PARAMS);
  const [face, setFace] = useState<Asset | null>(null);
  const [formStep, setFormStep] = useState(0);
  const sections = useRef<(HTMLElement | null)[]>([]);

  // A link from the library (?asset=&as=face) starts with that face photo.
  useIncomingAsset('body-generator', { face: setFace }, studio);

  const request = bodyRequest(params, face);
  const prerequisite = checkPrerequisites(request);
  const cost = costOf(request);
  const prerequisiteText = prerequisite ? generationText(prerequisite, undefined, i18n) : null;

  const showingJob = studio.status !== 'idle' && studio.status !== 'rejected';
  const step = showingJob && !studio.isRunning ? 3 : showingJob ? 2 : formStep;
  const steps: StudioStep[] = [
    { id: STEP_IDS[0], label: t`Thông số cơ thể` },
    { id: STEP_IDS[1], label: t`Ảnh khuôn mặt` },
    { id: STEP_IDS[2], label: t`Tùy chỉnh` },
    { id: STEP_IDS[3], label: t`Kết quả` },
  ];

  const goTo = (index: number) => {
    setFormStep(index);
    const section = sections.current[index];
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  // The face photo is optional: only the parameters hold the flow back.
  const nextAllowed = formStep === 0 ? prerequisite === null : formStep === 1;

  /** Create New: the flow starts again from a new form. */
  const startOver = () => {
    studio.reset();
    setParams(INITIAL_BODY_PARAMS);
    setFace(null);
    setFormStep(0);
  };

  const history = (
    <HistoryPanel
      feature="body-generator"
      title={t`Lịch sử tạo người mẫu`}
      studio={studio}
    />
  );

  let body;
  if (studio.isReattaching || studio.isRunning) {
    body = <ProcessingView studio={studio} />;
  } else if (showingJob) {
    const completed = studio.status === 'completed' && studio.result !== null;
    body = (
      <>
        <ResultView studio={studio} before={null} onTryAnother={startOver} />
        {completed ? (
          <section className={s.card} aria-labelledby="body-next-title">
            <h2 id="body-next-title" className={s.cardTitle}>
              <Trans>Dùng người mẫu này để thử đồ</Trans>
            </h2>
            <p className={s.muted}>
              <Trans>Ảnh đã được lưu vào thư viện. Trong Thử đồ ảo, chọn “Chọn từ thư viện” ở bước chọn người mẫu để dùng ảnh này.</Trans>
            </p>
            <AppLink to="/virtual-tryon" className={button({ variant: 'secondary', size: 'md' })} data-testid="body-use-as-model">
              <Trans>Mở Thử đồ ảo</Trans>
            </AppLink>
          </section>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <section
          ref={(node) => void (sections.current[0] = node)}
          className={s.card}
          aria-labelledby="body-params-title"
          data-active={formStep === 0}
        >
          <h2 id="body-params-title" className={s.cardTitle} tabIndex={-1}>
            <Trans>Bước 1: Thông số cơ thể</Trans>
          </h2>
          <p className={s.muted}>
            <Trans>Chọn giới tính, số đo, màu da, dáng người và tỉ lệ khung hình. Mô tả thêm và gợi ý phong cách ở cuối biểu mẫu là không bắt buộc.</Trans>
          </p>
          <BodyParamsForm value={params} onChange={setParams} disabled={studio.status === 'submitting'} />
        </section>

        <div ref={(node) => void (sections.current[1] = node)} data-active={formStep === 1}>
          <UploadZone
            kind="face"
            testId="body-face"
            label={<Trans>Bước 2: Ảnh khuôn mặt (không bắt buộc)</Trans>}
            hint={
              <ul className={s.guidance}>
                <li>
                  <Trans>Ảnh chân dung nhìn thẳng, thấy rõ cả khuôn mặt.</Trans>
                </li>
                <li>
                  <Trans>Đủ sáng, không đeo kính râm hay khẩu trang.</Trans>
                </li>
                <li>
                  <Trans>Bỏ qua bước này để tạo người mẫu với khuôn mặt ngẫu nhiên.</Trans>
                </li>
              </ul>
            }
            value={face ? [face] : []}
            onChange={(assets) => {
              setFace(assets[0] ?? null);
              if (assets.length > 0 && formStep === 1) setFormStep(2);
            }}
            pasteFromDocument={face === null}
          />
        </div>

        <section
          ref={(node) => void (sections.current[2] = node)}
          className={s.card}
          aria-labelledby="body-customise-title"
          data-active={formStep === 2}
        >
          <h2 id="body-customise-title" className={s.cardTitle} tabIndex={-1}>
            <Trans>Bước 3: Tùy chỉnh và tạo ảnh</Trans>
          </h2>
          <BodySummary params={params} face={face} />
          <p className={s.muted}>
            <Trans>Tạo một người mẫu dùng 1 tín dụng. Ảnh thường xong sau khoảng 30–60 giây.</Trans>
          </p>
          <StudioGenerate
            studio={studio}
            cost={prerequisite ? null : cost}
            balance={credits.balance}
            problem={prerequisiteText}
            onGenerate={() => void studio.submit(request)}
          />
        </section>
      </>
    );
  }

  const inForm = !showingJob && !studio.isReattaching;
  return (
    <StudioPage
      title={<Trans>Tạo người mẫu</Trans>}
      description={<Trans>Tạo người mẫu ảo theo số đo và dáng người, có thể kèm ảnh khuôn mặt, để dùng cho thử đồ.</Trans>}
      steps={steps}
      currentStep={step}
      onBack={inForm && formStep > 0 ? () => goTo(formStep - 1) : undefined}
      onNext={inForm && formStep < 2 ? () => goTo(formStep + 1) : undefined}
      nextDisabled={!nextAllowed}
      nextHint={prerequisiteText}
      aside={history}
    >
      {body}
    </StudioPage>
  );
}

/** What will be generated, in words: a check before spending the credit. */
function BodySummary({ params, face }: { params: BodyParams; face: Asset | null }) {
  const { i18n } = useLingui();
  const unset = '—';
  const gender = params.gender ? i18n._(GENDER_LABELS[params.gender]) : unset;
  const skin = params.skin_tone ? i18n._(SKIN_TONE_SWATCHES[params.skin_tone].label) : unset;
  const bodyType = params.body_type ? i18n._(BODY_TYPE_INFO[params.body_type].label) : unset;
  const height = params.height ?? unset;
  const weight = params.weight ?? unset;
  const age = params.age ?? unset;
  const ratio = params.aspect_ratio ?? unset;
  const hints = params.style_hints?.length ?? 0;
  return (
    <dl className={s.creditTable} data-testid="body-summary">
      <dt>
        <Trans>Người mẫu</Trans>
      </dt>
      <dd className={s.creditValue}>
        {gender} · {height} cm · {weight} kg · <Trans>{age} tuổi</Trans>
      </dd>
      <dt>
        <Trans>Màu da, dáng người</Trans>
      </dt>
      <dd className={s.creditValue}>
        {skin} · {bodyType}
      </dd>
      <dt>
        <Trans>Khung hình</Trans>
      </dt>
      <dd className={s.creditValue}>{ratio}</dd>
      <dt>
        <Trans>Khuôn mặt</Trans>
      </dt>
      <dd className={s.creditValue}>{face ? <Trans>Theo ảnh đã tải</Trans> : <Trans>Ngẫu nhiên</Trans>}</dd>
      <dt>
        <Trans>Gợi ý phong cách</Trans>
      </dt>
      <dd className={s.creditValue}>{hints}</dd>
    </dl>
  );
}
