import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPrerequisites, MAX_EDIT_IMAGES } from '../../../contract/generations.ts';
import type { GenerationRequestOf } from '../../../contract/generations.schema.ts';
import type { GenerationMessageKey } from '../../../contract/generation-messages.ts';
import { UPLOAD_LIMITS } from '../../../contract/media.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { costOf, CREDIT_PRICES, creditsText, useCredits } from '../../generations/credits.ts';
import { useToolEngine, withAccepted } from '../../generations/plan-kit.ts';
import { generationText } from '../../generations/generation-messages.ts';
import { useStudioJob } from '../../generations/use-studio-job.ts';
import { useExpectedWait } from '../../generations/expected-duration.ts';
import { GenerateStep } from '../shell/GenerateStep.tsx';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { ProcessingView } from '../shell/ProcessingView.tsx';
import { ResultView } from '../shell/ResultView.tsx';
import { StudioPage } from '../shell/StudioPage.tsx';
import { useStudioWizard } from '../shell/use-studio-wizard.ts';
import { useIncomingAsset } from '../shell/use-incoming-asset.ts';
import { UploadZone } from '../shell/UploadZone.tsx';
import * as s from '../shell/studio.css.ts';
import { EditInstructions } from './EditInstructions.tsx';
import { imageCountProblem, MIN_MULTI_EDIT_IMAGES, type EditMode } from './edit-suggestions.ts';
import { beforeOfResult, ResultStrip } from './ResultStrip.tsx';

/**
 * The image editing studio (docs/product-rules.md#studio-flows, #multi-image): Upload Image(s) (one,
 * or 2-10 in multi mode) → Describe Edits (with the guidelines link) → Generate (1 credit per
 * image) → View Result. A multi-image edit on the local engine gives one result per image (or one
 * grid): the result view switches between them with a strip of thumbnails.
 *
 * Test ids beyond the shell's and EditInstructions': `edit-images` (the upload zone's prefix),
 * ResultStrip's `edit-results` / `edit-result-thumb`.
 */

/** The editing request of the current choice. */
export function editRequest(images: readonly Asset[], prompt: string): GenerationRequestOf<'image-editing'> {
  return { feature: 'image-editing', inputs: { images: images.map((image) => image.id) }, params: { prompt: prompt.trim() } };
}

/**
 * What stops the Generate button, first things first: no image (the contract's `missingImage`),
 * then the mode's count (multi: 2 to 10, `imageCount`; single: one, `singleOnly`), then the
 * description (`missingPrompt`). Null when the request can go.
 */
export function editProblem(mode: EditMode, request: GenerationRequestOf<'image-editing'>): GenerationMessageKey | 'singleOnly' | null {
  const count = request.inputs.images.length;
  if (count === 0) return 'missingImage';
  const countProblem = imageCountProblem(mode, count);
  if (countProblem) return countProblem;
  return checkPrerequisites(request);
}

export function ImageEditingScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob('image-editing');
  const credits = useCredits();
  const wait = useExpectedWait('image-editing');
  const price = creditsText(CREDIT_PRICES.editPerImage, i18n);
  const engine = useToolEngine('image-editing');

  const [mode, setMode] = useState<EditMode>('single');
  const [images, setImages] = useState<Asset[]>([]);
  const [prompt, setPrompt] = useState('');
  const [shownResult, setShownResult] = useState<{ jobId: string | null; index: number }>({ jobId: null, index: 0 });

  // A link from the library (?asset=&as=image): the image to edit (added to the others in multi mode).
  useIncomingAsset(
    'image-editing',
    {
      images: (asset) =>
        setImages((current) => (mode === 'single' ? [asset] : [...current.filter((other) => other.id !== asset.id), asset].slice(-MAX_EDIT_IMAGES))),
    },
    studio,
  );

  const request = editRequest(images, prompt);
  const countProblem = imageCountProblem(mode, images.length);
  const problemKey = editProblem(mode, request);
  const problem =
    problemKey === 'singleOnly'
      ? t`Chế độ một ảnh chỉ dùng 1 ảnh. Hãy bỏ bớt ảnh hoặc chuyển sang chế độ nhiều ảnh.`
      : problemKey
        ? generationText(problemKey, undefined, i18n)
        : null;
  const cost = images.length > 0 ? costOf(request) : null;

  const uploadDone = images.length > 0 && countProblem === null;
  const wizard = useStudioWizard({
    job: studio,
    steps: [
      { id: 'upload', label: t`Tải ảnh lên` },
      { id: 'describe', label: t`Mô tả chỉnh sửa` },
      { id: 'generate', label: t`Tạo ảnh` },
      { id: 'result', label: t`Xem kết quả` },
    ],
    canAdvance: (index) => (index === 0 ? uploadDone : index === 1 ? prompt.trim() !== '' : false),
    focus: 'h2, textarea',
  });
  const { formStep } = wizard;

  const changeMode = (next: EditMode) => {
    setMode(next);
    // Back to one image: the first stays, the others would break the single-image rule.
    if (next === 'single') setImages((current) => current.slice(0, 1));
  };

  /** Try Another: the flow starts again from an empty choice. */
  const startOver = () => {
    wizard.restart();
    setImages([]);
    setPrompt('');
  };

  // The result shown of a multi-image edit; a new job starts at its first.
  const jobId = studio.job?.id ?? null;
  const resultIndex = shownResult.jobId === jobId ? Math.min(shownResult.index, Math.max(0, studio.results.length - 1)) : 0;
  const shown = studio.results[resultIndex] ?? studio.result;

  const maxImageMb = UPLOAD_LIMITS.image.maxMegabytes;

  const history = <HistoryPanel feature="image-editing" title={t`Lịch sử chỉnh sửa`} studio={studio} />;

  let body;
  if (wizard.view === 'processing') {
    body = <ProcessingView studio={studio} />;
  } else if (wizard.view === 'result') {
    const before = beforeOfResult(studio.job, resultIndex);
    body = (
      <>
        <ResultStrip results={studio.results} selected={resultIndex} onSelect={(index) => setShownResult({ jobId, index })} />
        <ResultView key={shown?.id} studio={{ ...studio, result: shown }} before={before} onTryAnother={startOver} />
      </>
    );
  } else {
    body = (
      <>
        <div ref={wizard.section(0)} data-active={formStep === 0}>
          <UploadZone
            kind="image"
            testId="edit-images"
            multiple={mode === 'multi'}
            max={mode === 'multi' ? MAX_EDIT_IMAGES : undefined}
            label={
              mode === 'multi' ? (
                <Trans>
                  Bước 1: Tải ảnh lên ({MIN_MULTI_EDIT_IMAGES}–{MAX_EDIT_IMAGES} ảnh)
                </Trans>
              ) : (
                <Trans>Bước 1: Tải ảnh lên</Trans>
              )
            }
            hint={
              <ul className={s.guidance}>
                <li>
                  <Trans>Ảnh JPEG, PNG hoặc WebP, tối đa {maxImageMb}MB mỗi ảnh.</Trans>
                </li>
                <li>
                  <Trans>Ảnh rõ nét, đủ sáng cho kết quả đẹp nhất.</Trans>
                </li>
                <li>
                  {mode === 'multi' ? (
                    <Trans>Mọi ảnh được chỉnh sửa giống nhau; kết quả là một ảnh cho mỗi ảnh, hoặc một ảnh ghép lưới.</Trans>
                  ) : (
                    <Trans>Muốn sửa cùng lúc nhiều ảnh? Chọn chế độ “Nhiều ảnh” ở bước 2.</Trans>
                  )}
                </li>
              </ul>
            }
            value={images}
            onChange={(assets) => {
              setImages(assets);
              if (assets.length > 0 && imageCountProblem(mode, assets.length) === null) wizard.completed(0);
            }}
            pasteFromDocument
          />
        </div>

        <div ref={wizard.section(1)} className={s.card} data-active={formStep === 1}>
          <h2 className={s.cardTitle} tabIndex={-1}>
            <Trans>Bước 2: Mô tả chỉnh sửa</Trans>
          </h2>
          <EditInstructions
            mode={mode}
            onModeChange={changeMode}
            imageCount={images.length}
            prompt={prompt}
            engine={engine}
            onPromptChange={(next) => {
              setPrompt(next);
              if (next.trim() !== '') wizard.completed(1);
            }}
          />
        </div>

        <GenerateStep
          sectionRef={wizard.section(2)}
          active={formStep === 2}
          title={<Trans>Bước 3: Tạo ảnh</Trans>}
          note={
            <Trans>
              Mỗi ảnh dùng {price}. Thường mất khoảng {wait}.
            </Trans>
          }
          studio={studio}
          cost={cost}
          balance={credits.balance}
          problem={problem}
          request={request}
          onGenerate={(accepted) => void studio.submit(withAccepted(request, accepted))}
        />
      </>
    );
  }

  return (
    <StudioPage studio="image-editing" {...wizard.frame} nextHint={problem} aside={history}>
      {body}
    </StudioPage>
  );
}
