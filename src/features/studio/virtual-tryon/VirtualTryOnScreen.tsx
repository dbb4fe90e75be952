import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GARMENT_CATEGORIES, MAX_GARMENTS, type GarmentCategory } from '../../../contract/generation-params.ts';
import { checkPrerequisites } from '../../../contract/generations.ts';
import type { GenerationRequest } from '../../../contract/generations.schema.ts';
import type { Asset } from '../../../contract/media.schema.ts';
import { Select } from '../../../ui/Field.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { TutorialHelpButton } from '../../tutorial/TutorialHelpButton.tsx';
import { TRYON_TUTORIAL_TARGETS, virtualTryOnTutorial } from '../../tutorial/tours/virtual-tryon.ts';
import { useScreenTutorial } from '../../tutorial/use-screen-tutorial.ts';
import { costOf, CREDIT_PRICES, creditsText, useCredits } from '../../generations/credits.ts';
import { withAccepted } from '../../generations/plan-kit.ts';
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

/**
 * The virtual try-on studio (docs/product-rules.md#studio-flows, #photo-guidance, #prerequisites):
 * Select Model → Select Outfit or Garments (one to five, each with its category; only once a
 * model is chosen) → Generate (1 credit per garment) → processing → result. The tutorial is
 * offered the first time, then from the help button.
 *
 * Test ids beyond the shell's: `tryon-category-tab` (`data-tab`: the category), `tryon-garment-category`
 * (the select of each garment).
 */

export type CategoryFilter = 'all' | GarmentCategory;

export const CATEGORY_LABELS: Readonly<Record<CategoryFilter, MessageDescriptor>> = {
  all: msg`Tất cả`,
  dresses: msg`Đầm`,
  tops: msg`Áo`,
  bottoms: msg`Quần & chân váy`,
  outerwear: msg`Áo khoác`,
};

/** The tabs in the order of docs/product-rules.md#asset-roles: All, Dresses, Tops, Bottoms, Outerwear. */
export const CATEGORY_TABS: readonly CategoryFilter[] = ['all', 'dresses', 'tops', 'bottoms', 'outerwear'];

export interface ChosenGarment {
  asset: Asset;
  category: GarmentCategory;
}

/**
 * The category a new garment starts with: the tab open when it was added, else what the name
 * suggests (a first guess the person corrects with the select), else tops.
 */
export function initialCategory(filter: CategoryFilter, name: string): GarmentCategory {
  if (filter !== 'all') return filter;
  const lower = name.toLowerCase();
  if (/dress|đầm|váy liền/.test(lower)) return 'dresses';
  if (/jacket|coat|khoác|outer/.test(lower)) return 'outerwear';
  if (/pant|trouser|skirt|jean|short|quần|chân váy|bottom/.test(lower)) return 'bottoms';
  return 'tops';
}

/** The try-on request of the current choice. */
export function tryOnRequest(model: Asset | null, garments: readonly ChosenGarment[]): GenerationRequest {
  return {
    feature: 'virtual-tryon',
    inputs: { model: model?.id ?? null, garments: garments.map((garment) => ({ asset_id: garment.asset.id, category: garment.category })) },
    params: {},
  };
}

export function VirtualTryOnScreen() {
  const { t, i18n } = useLingui();
  const studio = useStudioJob('virtual-tryon');
  const credits = useCredits();
  const wait = useExpectedWait('virtual-tryon');
  const price = creditsText(CREDIT_PRICES.tryOnPerGarment, i18n);
  const tour = useScreenTutorial(virtualTryOnTutorial);
  const tabsId = useId();

  const [model, setModel] = useState<Asset | null>(null);
  const [garments, setGarments] = useState<ChosenGarment[]>([]);
  const [filter, setFilter] = useState<CategoryFilter>('all');

  const request = tryOnRequest(model, garments);
  const prerequisite = checkPrerequisites(request);
  const cost = garments.length > 0 ? costOf(request) : null;

  const wizard = useStudioWizard({
    job: studio,
    steps: [
      { id: 'model', label: t`Chọn người mẫu` },
      { id: 'garments', label: t`Chọn trang phục` },
      { id: 'generate', label: t`Tạo ảnh` },
      { id: 'result', label: t`Kết quả` },
    ],
    canAdvance: (index) => (index === 0 ? model !== null : index === 1 ? garments.length > 0 : false),
  });
  const { formStep } = wizard;

  const onGarments = (assets: Asset[]) =>
    setGarments((current) =>
      assets.map((asset) => current.find((garment) => garment.asset.id === asset.id) ?? { asset, category: initialCategory(filter, asset.name) }),
    );
  // A link from the library (?asset=&as=model|garment) starts with that photo.
  useIncomingAsset(
    'virtual-tryon',
    {
      model: (asset) => {
        setModel(asset);
        wizard.setFormStep((current) => Math.max(current, 1));
      },
      garment: (asset) => onGarments([...garments.map((garment) => garment.asset).filter((other) => other.id !== asset.id), asset].slice(-MAX_GARMENTS)),
    },
    studio,
  );
  const setCategory = (id: string, category: GarmentCategory) =>
    setGarments((current) => current.map((garment) => (garment.asset.id === id ? { ...garment, category } : garment)));

  // The 'All' tab shows every garment; another tab only those of its category.
  const visible = garments.filter((garment) => filter === 'all' || garment.category === filter);
  const garmentLimitLeft = MAX_GARMENTS - garments.length;

  /** Try Another: the flow starts again from an empty choice. */
  const startOver = () => {
    wizard.restart();
    setModel(null);
    setGarments([]);
    setFilter('all');
  };

  const history = <HistoryPanel feature="virtual-tryon" title={t`Lịch sử thử đồ`} studio={studio} tutorialTarget={TRYON_TUTORIAL_TARGETS.history} />;

  const output =
    wizard.view === 'processing' ? (
      <ProcessingView studio={studio} />
    ) : wizard.view === 'result' ? (
      <ResultView studio={studio} before={model ?? studio.job?.input_assets.find((asset) => asset.roles.includes('model')) ?? null} onTryAnother={startOver} />
    ) : null;
  const form = (
    <>
      <div ref={wizard.section(0)} data-tutorial={TRYON_TUTORIAL_TARGETS.model} data-active={formStep === 0}>
        <UploadZone
          kind="model"
          testId="tryon-model"
          label={<Trans>Bước 1: Chọn người mẫu</Trans>}
          hint={
            <ul className={s.guidance}>
              <li>
                <Trans>Ảnh toàn thân, thấy rõ từ đầu đến chân.</Trans>
              </li>
              <li>
                <Trans>Tư thế đứng thẳng tự nhiên, tay buông xuôi.</Trans>
              </li>
              <li>
                <Trans>Nền trơn, đủ sáng.</Trans>
              </li>
            </ul>
          }
          value={model ? [model] : []}
          onChange={(assets) => {
            const next = assets[0] ?? null;
            setModel(next);
            if (next) wizard.completed(0);
          }}
          pasteFromDocument={model === null}
        />
      </div>

      <div ref={wizard.section(1)} data-tutorial={TRYON_TUTORIAL_TARGETS.garments} data-active={formStep === 1}>
        <UploadZone
          kind="garment"
          testId="tryon-garments"
          multiple
          max={MAX_GARMENTS}
          label={<Trans>Bước 2: Chọn trang phục</Trans>}
          hint={
            <>
              <p className={s.muted}>
                <Trans>Chọn một hoặc nhiều món đồ (tối đa {MAX_GARMENTS}). Ảnh trang phục nên chụp rõ cả món đồ trên nền trơn.</Trans>
              </p>
              <Tabs
                tabs={CATEGORY_TABS}
                active={filter}
                onChange={setFilter}
                renderLabel={(category) => i18n._(CATEGORY_LABELS[category])}
                label={t`Danh mục trang phục`}
                idPrefix={tabsId}
                testId="tryon-category-tab"
              />
            </>
          }
          value={visible.map((garment) => garment.asset)}
          onChange={(assets) => {
            // The zone sees the filtered list: the garments hidden by the tab stay.
            const hidden = garments.filter((garment) => !visible.includes(garment)).map((garment) => garment.asset);
            onGarments([...hidden, ...assets].slice(0, MAX_GARMENTS));
            if (assets.length > 0) wizard.completed(1);
          }}
          disabled={model === null}
          disabledReason={generationText('modelFirst', undefined, i18n)}
          renderChosenExtra={(asset) => {
            const garment = garments.find((other) => other.asset.id === asset.id);
            return (
              <Select
                label={t`Danh mục của ${asset.name}`}
                hideLabel
                value={garment?.category ?? 'tops'}
                onChange={(event) => setCategory(asset.id, event.currentTarget.value as GarmentCategory)}
                data-testid="tryon-garment-category"
              >
                {GARMENT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {i18n._(CATEGORY_LABELS[category])}
                  </option>
                ))}
              </Select>
            );
          }}
        />
        {model !== null && garmentLimitLeft === 0 ? (
          <p className={s.muted}>
            <Trans>Đã chọn đủ {MAX_GARMENTS} món đồ.</Trans>
          </p>
        ) : null}
      </div>

      <GenerateStep
        sectionRef={wizard.section(2)}
        active={formStep === 2}
        tutorialTarget={TRYON_TUTORIAL_TARGETS.generate}
        title={<Trans>Bước 3: Tạo ảnh</Trans>}
        note={
          <Trans>
            Mỗi món đồ dùng {price}. Ảnh thường xong sau khoảng {wait} cho mỗi món.
          </Trans>
        }
        studio={studio}
        cost={cost}
        balance={credits.balance}
        problem={prerequisite ? generationText(prerequisite, undefined, i18n) : null}
        request={request}
        onGenerate={(accepted) => void studio.submit(withAccepted(request, accepted))}
      />
    </>
  );

  return (
    <StudioPage
      studio="virtual-tryon"
      {...wizard.frame}
      nextHint={formStep === 0 ? generationText('modelFirst', undefined, i18n) : generationText('selectModelAndGarment', undefined, i18n)}
      headerActions={<TutorialHelpButton onStart={tour.start} disabled={tour.isActive} />}
      aside={history}
      output={output}
    >
      {form}
    </StudioPage>
  );
}
