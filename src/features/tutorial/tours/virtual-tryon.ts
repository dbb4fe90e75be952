/**
 * The virtual try-on tutorial (docs/product-rules.md#tutorial): offered the first time a user
 * opens /virtual-tryon, then from its help button:
 *
 *   const tour = useScreenTutorial(virtualTryOnTutorial); // use-screen-tutorial.ts
 *   <TutorialHelpButton onStart={tour.start} />
 *
 * The try-on screen marks its parts with the targets below, e.g.
 * `<section data-tutorial={TRYON_TUTORIAL_TARGETS.model}>`. The steps wait for them (they may
 * render after data loads); a part that never appears (say, the history panel closed on a phone)
 * gets its step shown centred.
 */
import { msg, plural } from '@lingui/core/macro';
import { MAX_GARMENTS } from '../../../contract/generation-params.ts';
import { CREDIT_PRICES } from '../../../contract/prices.ts';
import { tutorialTarget, type TutorialConfig } from '../types.ts';

export const VIRTUAL_TRYON_TUTORIAL_ID = 'virtual-tryon';

/** `data-tutorial` values the try-on screen carries. */
export const TRYON_TUTORIAL_TARGETS = {
  /** The model picker: upload or choose the person's photo. */
  model: 'tryon-model',
  /** The garment picker with its category filter (All, Dresses, Tops, Bottoms, Outerwear). */
  garments: 'tryon-garments',
  /** The Generate button, which shows the credit cost. */
  generate: 'tryon-generate',
  /** The try-on history panel. */
  history: 'tryon-history',
} as const;

export const virtualTryOnTutorial: TutorialConfig & { id: string } = {
  id: VIRTUAL_TRYON_TUTORIAL_ID,
  allowSkip: true,
  steps: [
    {
      id: 'welcome',
      title: msg`Chào mừng bạn đến với Thử đồ ảo`,
      content: msg`Mặc thử quần áo lên ảnh người mẫu chỉ với ba bước: chọn người mẫu, chọn trang phục rồi tạo ảnh. Hướng dẫn này chỉ mất khoảng một phút.`,
    },
    {
      id: 'model',
      target: tutorialTarget(TRYON_TUTORIAL_TARGETS.model),
      waitForElement: true,
      title: msg`Bước 1: Chọn người mẫu`,
      content: msg`Tải ảnh lên hoặc chọn từ thư viện. Kết quả đẹp nhất với ảnh chụp toàn thân, tư thế đứng thẳng tự nhiên, tay buông xuôi, trên nền trơn và đủ sáng.`,
    },
    {
      id: 'garments',
      target: tutorialTarget(TRYON_TUTORIAL_TARGETS.garments),
      waitForElement: true,
      title: msg`Bước 2: Chọn trang phục`,
      content: msg`Chọn một hoặc nhiều món đồ, tối đa ${MAX_GARMENTS} món, và lọc theo danh mục: Tất cả, Đầm, Áo, Quần & chân váy, Áo khoác. Cần chọn người mẫu trước rồi mới chọn được trang phục. Ảnh trang phục nên chụp rõ cả món đồ trên nền trơn.`,
    },
    {
      id: 'generate',
      target: tutorialTarget(TRYON_TUTORIAL_TARGETS.generate),
      waitForElement: true,
      title: msg`Bước 3: Tạo ảnh`,
      // The wait is not restated here: it depends on the engine, and the step's note says it (useExpectedWait).
      content: msg`Nút tạo ảnh cho biết số tín dụng sẽ dùng: ${plural(CREDIT_PRICES.tryOnPerGarment, { other: '# tín dụng' })} cho mỗi món đồ. Thời gian chờ thường gặp được ghi ngay ở bước này; bạn có thể rời trang trong lúc chờ, ảnh vẫn tiếp tục được tạo.`,
    },
    {
      id: 'history',
      target: tutorialTarget(TRYON_TUTORIAL_TARGETS.history),
      waitForElement: true,
      title: msg`Lịch sử thử đồ`,
      content: msg`Các lần thử đồ trước nằm ở đây, mới nhất ở trên cùng. Bạn có thể mở lại kết quả, tạo lại hoặc xóa những lần không cần nữa. Muốn xem lại hướng dẫn này, hãy bấm nút Xem hướng dẫn.`,
    },
  ],
};
