import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPrerequisites } from '../../../contract/generations.ts';
import type { GenerationRequest } from '../../../contract/generations.schema.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { button } from '../../../ui/button.ts';
import { AppLink } from '../../../ui/link.tsx';
import { costOf, CREDIT_PRICES, creditsText, useCredits } from '../../generations/credits.ts';
import { withAccepted } from '../../generations/plan-kit.ts';
import { generationText } from '../../generations/generation-messages.ts';
import { useStudioJob } from '../../generations/use-studio-job.ts';
import { useExpectedWait } from '../../generations/expected-duration.ts';
import { StudioGenerate } from '../shell/GenerateButton.tsx';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { ProcessingView } from '../shell/ProcessingView.tsx';
import { ResultView } from '../shell/ResultView.tsx';
import { StudioPage } from '../shell/StudioPage.tsx';
import { useStudioWizard } from '../shell/use-studio-wizard.ts';
import { useIncomingAsset } from '../shell/use-incoming-asset.ts';
import { UploadZone } from '../shell/UploadZone.tsx';
import * as s from '../shell/studio.css.ts';
import { BodyParamsForm } from './BodyParamsForm.tsx';
import { BODY_TYPE_INFO, GENDER_LABELS, INITIAL_BODY_PARAMS, SKIN_TONE_SWATCHES, type BodyParams } from './body-params.ts';

/**
 * The body generator studio (docs/product-rules.md#studio-flows, #prerequisites): Parameters (gender,
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

export function BodyGeneratorScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob('body-generator');
  const credits = useCredits();
  const wait = useExpectedWait('body-generator');
  const price = creditsText(CREDIT_PRICES.bodyGenerator, i18n);

  const [params, setParams] = useState<BodyParams>(INITIAL_BODY_PARAMS);
  const [face, setFace] = useState<Asset | null>(null);

  // A link from the library (?asset=&as=face) starts with that face photo.
  useIncomingAsset('body-generator', { face: setFace }, studio);

  const request = bodyRequest(params, face);
  const prerequisite = checkPrerequisites(request);
  const cost = costOf(request);
  const prerequisiteText = prerequisite ? generationText(prerequisite, undefined, i18n) : null;

  const wizard = useStudioWizard({
    job: studio,
    steps: [
      { id: 'parameters', label: t`Thông số cơ thể` },
      { id: 'face', label: t`Ảnh khuôn mặt` },
      { id: 'customise', label: t`Tùy chỉnh` },
      { id: 'result', label: t`Kết quả` },
    ],
    // The face photo is optional: only the parameters hold the flow back.
    canAdvance: (index) => (index === 0 ? prerequisite === null : index === 1),
  });
  const { formStep } = wizard;

  /** Create New: the flow starts again from a new form. */
  const startOver = () => {
    wizard.restart();
    setParams(INITIAL_BODY_PARAMS);
    setFace(null);
  };

  const history = <HistoryPanel feature="body-generator" title={t`Lịch sử tạo người mẫu`} studio={studio} />;

  const completed = studio.status === 'completed' && studio.result !== null;
  const output =
    wizard.view === 'processing' ? (
      <ProcessingView studio={studio} />
    ) : wizard.view === 'result' ? (
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
            <AppLink
              to={wizard.layout === 'page' ? '/virtual-tryon-legacy' : '/virtual-tryon'}
              className={button({ variant: 'secondary', size: 'md' })}
              data-testid="body-use-as-model"
            >
              <Trans>Mở Thử đồ ảo</Trans>
            </AppLink>
          </section>
        ) : null}
      </>
    ) : null;
  const form = (
    <>
      <section ref={wizard.section(0)} className={s.card} aria-labelledby="body-params-title" data-active={formStep === 0}>
        <h2 id="body-params-title" className={s.cardTitle} tabIndex={-1}>
          <Trans>Bước 1: Thông số cơ thể</Trans>
        </h2>
        <p className={s.muted}>
          <Trans>Chọn giới tính, số đo, màu da, dáng người và tỉ lệ khung hình. Mô tả thêm và gợi ý phong cách ở cuối biểu mẫu là không bắt buộc.</Trans>
        </p>
        <BodyParamsForm value={params} onChange={setParams} disabled={studio.status === 'submitting'} />
      </section>

      <div ref={wizard.section(1)} data-active={formStep === 1}>
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
            if (assets.length > 0) wizard.completed(1);
          }}
          pasteFromDocument={face === null}
        />
      </div>

      <section ref={wizard.section(2)} className={s.card} aria-labelledby="body-customise-title" data-active={formStep === 2}>
        <h2 id="body-customise-title" className={s.cardTitle} tabIndex={-1}>
          <Trans>Bước 3: Tùy chỉnh và tạo ảnh</Trans>
        </h2>
        <BodySummary params={params} face={face} />
        <p className={s.muted}>
          <Trans>
            Tạo một người mẫu dùng {price}. Ảnh thường xong sau khoảng {wait}.
          </Trans>
        </p>
        <StudioGenerate
          studio={studio}
          cost={prerequisite ? null : cost}
          balance={credits.balance}
          problem={prerequisiteText}
          request={request}
          onGenerate={(accepted) => void studio.submit(withAccepted(request, accepted))}
        />
      </section>
    </>
  );

  return (
    <StudioPage studio="body-generator" {...wizard.frame} nextHint={prerequisiteText} aside={history} output={output}>
      {form}
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
