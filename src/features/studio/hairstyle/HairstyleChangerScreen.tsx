import { lazy, Suspense, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkPrerequisites } from '../../../contract/generations.ts';
import type { Generation, GenerationRequest } from '../../../contract/generations.schema.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { notify } from '../../../lib/toast.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { costOf, CREDIT_PRICES, creditsText, useCredits } from '../../generations/credits.ts';
import { withAccepted } from '../../generations/plan-kit.ts';
import { generationText } from '../../generations/generation-messages.ts';
import { describeUploadProblem, UPLOAD_FAILURE_DESCRIPTORS } from '../../uploads/upload-messages.ts';
import { uploadFile, uploadProblemOf } from '../../uploads/transport.ts';
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
import type { MaskEditorHandle } from './mask-editor/MaskEditor.tsx';
import { HairCustomise, type HairCustomisation } from './styles/HairCustomise.tsx';
import { HairstylePicker, INITIAL_HAIRSTYLE_SELECTION, type HairstyleSelection } from './styles/HairstylePicker.tsx';

/** Loaded once a photo is there to paint on: the page opens without the editor's code. */
const MaskEditor = lazy(() => import('./mask-editor/MaskEditor.tsx').then((module) => ({ default: module.MaskEditor })));

/**
 * The hairstyle changer studio (docs/product-rules.md#studio-flows, #hairstyle, #photo-guidance,
 * #prerequisites): Upload Photo (a front-facing portrait) → Select Style (a template, or a
 * reference photo instead) → Customise (colour, description, and the brush mask painted over
 * the hair in the mask editor) → Generate (1 credit) → processing → result with the
 * before/after slider.
 *
 * The mask: "Tạo mặt nạ" in the editor exports the painting as a PNG (white = change) and
 * uploads it; the request names it in `inputs.mask`. Generate needs a painted mask (the local
 * engine refuses without one, 'maskRequired'), and says so before anything is sent; a mask
 * painted but not yet created is exported and uploaded by Generate itself. Any change to the
 * painting makes the uploaded mask out of date.
 *
 * Test ids beyond the shell's, the picker's and the editor's: `hair-photo` and `hair-reference`
 * (the zones' prefixes), `hair-mask-needs-photo`, `hair-mask-state` (`data-state` = empty |
 * painted | uploading | ready, `data-asset-id` once uploaded).
 */

export interface HairRequestParts {
  photo: Asset | null;
  reference: Asset | null;
  mask: Asset | null;
  selection: HairstyleSelection;
  custom: HairCustomisation;
}

/** The hairstyle request of the current choice. */
export function hairRequest({ photo, reference, mask, selection, custom }: HairRequestParts): GenerationRequest {
  const prompt = custom.prompt?.trim();
  return {
    feature: 'hairstyle-changer',
    inputs: { image: photo?.id ?? null, mask: mask?.id ?? null, reference: reference?.id ?? null },
    params: {
      style: selection.style,
      gender: selection.gender,
      category: selection.category,
      ...(custom.color ? { color: custom.color } : {}),
      ...(prompt ? { prompt } : {}),
    },
  };
}

/** The portrait of a job (its `inputs.image`), for the before/after slider of a past result. */
export function portraitOf(job: Generation | null): Asset | null {
  const id = job?.inputs.image;
  return typeof id === 'string' ? (job?.input_assets.find((asset) => asset.id === id) ?? null) : null;
}

/** Stands for a painted mask not yet uploaded, in the request the engine's plan is read from. */
const PAINTED_MASK = { id: 'painted' } as Asset;

/** The mask's file name in the library. */
const MASK_FILE_NAME = 'mat-na-toc.png';

type MaskState = 'empty' | 'painted' | 'uploading' | 'ready';

export function HairstyleChangerScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob('hairstyle-changer');
  const credits = useCredits();
  const wait = useExpectedWait('hairstyle-changer');
  const price = creditsText(CREDIT_PRICES.hairstyle, i18n);

  const [photo, setPhoto] = useState<Asset | null>(null);
  const [reference, setReference] = useState<Asset | null>(null);
  const [selection, setSelection] = useState<HairstyleSelection>(INITIAL_HAIRSTYLE_SELECTION);
  const [custom, setCustom] = useState<HairCustomisation>({});
  // The uploaded mask of the current painting (null once the painting changes), and whether anything is painted.
  const [mask, setMask] = useState<Asset | null>(null);
  const [painted, setPainted] = useState(false);
  const [maskUploading, setMaskUploading] = useState(false);
  const editor = useRef<MaskEditorHandle>(null);

  const request = hairRequest({ photo, reference, mask, selection, custom });
  const prerequisite = checkPrerequisites(request);
  const cost = costOf(request);
  const maskState: MaskState = maskUploading ? 'uploading' : mask ? 'ready' : painted ? 'painted' : 'empty';
  const problem = prerequisite ? generationText(prerequisite, undefined, i18n) : maskState === 'empty' ? generationText('maskRequired', undefined, i18n) : null;

  const styleChosen = selection.style !== null || reference !== null;
  const wizard = useStudioWizard({
    job: studio,
    steps: [
      { id: 'photo', label: t`Tải ảnh lên` },
      { id: 'style', label: t`Chọn kiểu tóc` },
      { id: 'customise', label: t`Tùy chỉnh` },
      { id: 'result', label: t`Kết quả` },
    ],
    canAdvance: (index) => (index === 0 ? photo !== null : index === 1 ? styleChosen : false),
  });
  const { formStep } = wizard;
  const nextHint = formStep === 0 ? t`Vui lòng tải ảnh chân dung trước.` : generationText('selectImageAndHairstyle', undefined, i18n);

  /** Uploads a mask PNG; the upload's own failure toast when it fails (and the error again, for the editor). */
  const uploadMask = async (blob: Blob): Promise<Asset> => {
    setMaskUploading(true);
    try {
      const asset = await uploadFile(new File([blob], MASK_FILE_NAME, { type: 'image/png' }), { kind: 'mask', purpose: 'input' });
      setMask(asset);
      return asset;
    } catch (error) {
      notify.error(i18n._(UPLOAD_FAILURE_DESCRIPTORS.mask), { description: describeUploadProblem(uploadProblemOf(error, 'mask'), i18n) });
      throw error;
    } finally {
      setMaskUploading(false);
    }
  };

  const generate = async (accepted?: string[]) => {
    let current = mask;
    if (!current) {
      const handle = editor.current;
      if (!handle || handle.isEmpty()) return;
      try {
        current = await uploadMask(await handle.exportMask());
      } catch {
        // Told by uploadMask's toast; the form stays as it is.
        return;
      }
    }
    await studio.submit(withAccepted(hairRequest({ photo, reference, mask: current, selection, custom }), accepted));
  };

  const choosePhoto = (next: Asset | null) => {
    setPhoto(next);
    // Another photo restarts the painting (the editor is keyed by the photo).
    setMask(null);
    setPainted(false);
    if (next) wizard.completed(0);
  };

  // A link from the library (?asset=&as=hair) starts with that portrait.
  useIncomingAsset('hairstyle-changer', { photo: choosePhoto }, studio);

  /** Try Another: the flow starts again from an empty choice. */
  const startOver = () => {
    wizard.restart();
    setPhoto(null);
    setReference(null);
    setSelection(INITIAL_HAIRSTYLE_SELECTION);
    setCustom({});
    setMask(null);
    setPainted(false);
  };

  const history = <HistoryPanel feature="hairstyle-changer" title={t`Lịch sử đổi kiểu tóc`} studio={studio} />;

  const busy = studio.status === 'submitting' || maskUploading;

  const output =
    wizard.view === 'processing' ? (
      <ProcessingView studio={studio} />
    ) : wizard.view === 'result' ? (
      <ResultView studio={studio} before={photo ?? portraitOf(studio.job)} onTryAnother={startOver} />
    ) : null;
  const form = (
    <>
      <div ref={wizard.section(0)} data-active={formStep === 0}>
        <UploadZone
          kind="hair"
          testId="hair-photo"
          label={<Trans>Bước 1: Tải ảnh chân dung</Trans>}
          hint={
            <ul className={s.guidance}>
              <li>
                <Trans>Ảnh chân dung nhìn thẳng vào máy ảnh, thấy rõ khuôn mặt và toàn bộ mái tóc.</Trans>
              </li>
              <li>
                <Trans>Tóc không bị che bởi mũ, khăn hay tay.</Trans>
              </li>
              <li>
                <Trans>Ánh sáng đều, nền đơn giản.</Trans>
              </li>
            </ul>
          }
          value={photo ? [photo] : []}
          onChange={(assets) => choosePhoto(assets[0] ?? null)}
          pasteFromDocument={photo === null}
        />
      </div>

      <section ref={wizard.section(1)} className={s.card} aria-labelledby="hair-style-title" data-active={formStep === 1}>
        <h2 id="hair-style-title" className={s.cardTitle} tabIndex={-1}>
          <Trans>Bước 2: Chọn kiểu tóc</Trans>
        </h2>
        <HairstylePicker
          value={selection}
          onChange={(next) => {
            setSelection(next);
            if (next.style) wizard.completed(1);
          }}
          disabled={busy}
        />
      </section>
      <UploadZone
        kind="hair"
        testId="hair-reference"
        label={<Trans>Ảnh tham khảo kiểu tóc (không bắt buộc)</Trans>}
        hint={
          <p className={s.muted}>
            <Trans>Thay cho kiểu tóc mẫu, bạn có thể tải ảnh một kiểu tóc bạn thích.</Trans>
          </p>
        }
        value={reference ? [reference] : []}
        onChange={(assets) => setReference(assets[0] ?? null)}
      />

      <section ref={wizard.section(2)} className={s.card} aria-labelledby="hair-customise-title" data-active={formStep === 2}>
        <h2 id="hair-customise-title" className={s.cardTitle} tabIndex={-1}>
          <Trans>Bước 3: Tùy chỉnh</Trans>
        </h2>
        <HairCustomise value={custom} onChange={setCustom} disabled={busy} />

        <h3 className={s.cardTitle}>
          <Trans>Vùng tóc cần thay đổi</Trans>
        </h3>
        {photo ? (
          <Suspense fallback={null}>
            <MaskEditor
              ref={editor}
              imageUrl={mediaSrc(photo.url)}
              imageWidth={photo.width}
              imageHeight={photo.height}
              proposeFor={photo.id}
              onChange={(empty) => {
                setMask(null);
                setPainted(!empty);
              }}
              onMaskReady={async (blob) => {
                await uploadMask(blob);
              }}
            />
          </Suspense>
        ) : (
          <p className={s.notice} role="status" data-testid="hair-mask-needs-photo">
            <Trans>Tải ảnh chân dung ở bước 1 để tô vùng tóc cần thay đổi.</Trans>
          </p>
        )}
        <p className={s.muted} data-testid="hair-mask-state" data-state={maskState} data-asset-id={mask?.id}>
          {maskState === 'empty' ? (
            <Trans>Chưa tô vùng tóc nào. Dùng cọ tô lên phần tóc muốn đổi trước khi tạo ảnh.</Trans>
          ) : maskState === 'painted' ? (
            <Trans>Đã tô vùng tóc. Mặt nạ sẽ được tạo khi bạn nhấn Tạo ảnh.</Trans>
          ) : maskState === 'uploading' ? (
            <Trans>Đang tải mặt nạ lên…</Trans>
          ) : (
            <Trans>Mặt nạ đã được tải lên và sẽ dùng cho lần tạo này.</Trans>
          )}
        </p>

        <p className={s.muted}>
          <Trans>
            Mỗi lần đổi kiểu tóc dùng {price}. Ảnh thường xong sau khoảng {wait}.
          </Trans>
        </p>
        <StudioGenerate
          studio={studio}
          cost={prerequisite ? null : cost}
          balance={credits.balance}
          problem={problem}
          busy={busy}
          // Painted but not yet uploaded: the plan reads it as the mask it is about to become.
          request={maskState === 'empty' || mask ? request : hairRequest({ photo, reference, mask: PAINTED_MASK, selection, custom })}
          onGenerate={(accepted) => void generate(accepted)}
        />
      </section>
    </>
  );

  return (
    <StudioPage studio="hairstyle-changer" {...wizard.frame} nextHint={nextHint} aside={history} output={output}>
      {form}
    </StudioPage>
  );
}
