import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EnginePlan, PlanItem, PlanItemCode } from '../../../contract/engine-plan.schema.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * What the engine will do of a request and what it will not (docs/product-rules.md#engine-plan),
 * in words: each item of the contract's plan by its code, in Vietnamese (the source) and English
 * (the catalog holds the contract's text). The studios show the plan before Generate and on the
 * result; the server decides the same plan from the same request and refuses without it.
 */
export const PLAN_ITEM_DESCRIPTORS = {
  brightness: msg({ message: 'Độ sáng {amount}, toàn ảnh' }),
  contrast: msg({ message: 'Độ tương phản {amount}, toàn ảnh' }),
  saturation: msg({ message: 'Độ bão hòa màu {amount}, toàn ảnh' }),
  warmth: msg({ message: 'Độ ấm màu {amount}, toàn ảnh' }),
  grayscale: msg`Ảnh đen trắng`,
  sepia: msg`Tông màu sepia (cổ điển)`,
  invert: msg`Đảo màu (âm bản)`,
  autoLevels: msg`Tự động cân bằng màu`,
  sharpen: msg`Làm nét`,
  blur: msg`Làm mờ`,
  crop: msg({ message: 'Cắt giữa ảnh theo tỉ lệ {ratio}' }),
  rotate: msg({ message: 'Xoay {degrees}° theo chiều kim đồng hồ' }),
  flipHorizontal: msg`Lật ngang (soi gương)`,
  flipVertical: msg`Lật dọc`,
  removeBackground: msg`Xóa nền (người trên mọi phông nền, vật khác chỉ trên phông nền trơn)`,
  resizeWidth: msg({ message: 'Đổi kích thước: rộng {width} px' }),
  resizeHeight: msg({ message: 'Đổi kích thước: cao {height} px' }),
  resizeBoth: msg({ message: 'Đổi kích thước: {width}×{height} px' }),
  resizeLongest: msg({ message: 'Đổi kích thước: cạnh dài nhất {side} px' }),
  grid: msg`Ghép các ảnh thành một lưới`,
  replaceBackground: msg({ message: 'Thay nền mới (một màu hay một cảnh khác): “{phrase}”' }),
  notUnderstood: msg({ message: 'Chưa hiểu: “{phrase}”' }),
  gridNeedsImages: msg`Ghép lưới (cần nhiều ảnh; ảnh duy nhất được sửa riêng)`,
  cameraMove: msg({ message: 'Chuyển động máy quay ảo (phóng to hoặc lia) trên ảnh tĩnh, {seconds} giây, {resolution}' }),
  ambientSound: msg`Một nền âm nhẹ (không phải âm thanh của cảnh)`,
  videoModelNotRun: msg({ message: 'Mô hình {model}: không được chạy, nên người và vật trong ảnh không cử động' }),
  promptBeyondCamera: msg`Câu mô tả, ngoài các từ về máy quay (phóng to, thu nhỏ, lia)`,
  guidanceScale: msg`Mức bám theo mô tả (cfg_scale)`,
  promptOptimizer: msg`Tối ưu câu mô tả`,
  garmentsPlaced: msg({
    message:
      '{count, plural, other {# trang phục}} được ướm theo tư thế nhận diện trong ảnh (vai, hông, gối; tay áo và ống quần theo tay và chân), đổ bóng theo ánh sáng của ảnh và nằm sau cánh tay (vải không được tạo nếp mới)',
  }),
  figureRendered: msg`Người mẫu cách điệu vẽ theo thông số cơ thể (không phải ảnh chụp người thật)`,
  faceComposited: msg`Gương mặt trong ảnh được ghép vào phần đầu, căn theo các điểm mốc khuôn mặt (hai mắt cân ngang, vừa cỡ đầu) và cắt theo đường viền khuôn mặt`,
  faceNotFound: msg`Ghép gương mặt vào phần đầu: không tìm thấy khuôn mặt trong ảnh nên chưa ghép`,
  hintsBeyondColourAndHair: msg`Câu mô tả và gợi ý phong cách, ngoài màu trang phục và độ dài tóc`,
  hairRecoloured: msg({
    message: 'Chỉ phần tóc trong vùng đã tô (nhận ra nhờ các điểm mốc khuôn mặt và vùng người) được đổi sang màu {colour}, giữ nguyên kết cấu',
  }),
  hairstyleShape: msg`Đổi kiểu tóc (kiểu cắt, độ dài, dáng tóc)`,
  hairNotFound: msg`Chỉ đổi màu phần tóc: không tìm thấy khuôn mặt trong ảnh nên toàn bộ vùng đã tô được đổi màu`,
  referencePhoto: msg`Làm theo kiểu tóc trong ảnh tham khảo`,
  imageEnlarged: msg({
    message:
      'Phóng to ×{factor} bằng mô hình siêu phân giải ESRGAN slim trên máy chủ với ảnh đến {megapixels} MP (ảnh lớn hơn: nội suy và làm nét kiểu {model}); không chạy chính mô hình {model}',
  }),
  imageEnlargedModel: msg({ message: 'Phóng to ×{factor} bằng mô hình siêu phân giải ESRGAN slim chạy trên máy chủ (không chạy chính mô hình {model})' }),
  imageResampled: msg({ message: 'Phóng to ×{factor} bằng nội suy và làm nét kiểu {model} (không dùng mô hình: không tạo thêm chi tiết)' }),
  esrganSkipped: msg({
    message: 'Siêu phân giải bằng ESRGAN: ảnh ({megapixels} MP) vượt mức {limit} MP mà máy chủ phóng to kịp bằng mô hình trong thời gian chờ dự kiến',
  }),
  esrganSlow: msg({
    message:
      'Siêu phân giải bằng ESRGAN: máy chủ đang bận nên mô hình không kịp xong trong thời gian chờ dự kiến (sẽ mất khoảng {seconds} giây), ảnh được phóng to bằng nội suy',
  }),
  sharpenSubject: msg`Chỉ làm nét chủ thể: người do mô hình tách người tìm thấy, nếu không thì chủ thể trên phông nền trơn`,
  sharpenBackground: msg`Chỉ làm nét phần nền: quanh người do mô hình tách người tìm thấy, nếu không thì quanh chủ thể trên phông nền trơn`,
  subjectNotFound: msg`Chỉ làm nét một phần ảnh: không tìm thấy người hay phông nền trơn nên cả ảnh được làm nét`,
  faceRegion: msg`Làm rõ khuôn mặt (tăng độ trong) trên khuôn mặt do mô hình nhận diện khuôn mặt tìm thấy`,
  noFaceToEnhance: msg`Làm rõ khuôn mặt: không tìm thấy khuôn mặt nào trong ảnh`,
  faceCreativity: msg`Tạo thêm chi tiết khuôn mặt (độ sáng tạo)`,
  outputCapped: msg({ message: 'Phóng to đủ ×{factor}: ảnh ra bị giới hạn ở {megapixels} MP (×{effective})' }),
  croppedAroundSubject: msg({ message: 'Cắt quanh khuôn mặt hoặc chủ thể tìm thấy để giữ đủ ×{factor} trong giới hạn {megapixels} MP' }),
  croppedCentre: msg({ message: 'Cắt ở giữa ảnh (không tìm thấy khuôn mặt hay chủ thể) để giữ đủ ×{factor} trong giới hạn {megapixels} MP' }),
  videoScaled: msg({ message: 'Video được đổi kích thước thành {size}' }),
  frameRate: msg({ message: '{fps} khung hình/giây bằng cách lặp hoặc bỏ bớt khung (không nội suy chuyển động)' }),
  promptUnused: msg`Câu mô tả (công cụ tích hợp sẵn không đọc câu mô tả)`,
  modelsRan: msg({ message: 'Thực hiện bằng mô hình chạy trên máy chủ: {models}' }),
} as const satisfies Record<PlanItemCode, MessageDescriptor>;

/** One item in the person's language; a code this version does not know (a newer server) in its English text. */
export function planItemText(item: PlanItem, i18n: I18n): string {
  const descriptor = Object.hasOwn(PLAN_ITEM_DESCRIPTORS, item.code) ? PLAN_ITEM_DESCRIPTORS[item.code as PlanItemCode] : null;
  return descriptor ? i18n._({ ...descriptor, values: item.values ?? {} }) : item.text;
}

/** Items as one line ("A; B"), for a message's `{done}` / `{not_done}`. */
export const planItemsLine = (items: readonly PlanItem[], i18n: I18n): string => items.map((item) => planItemText(item, i18n)).join('; ');

/** The plan refusals' texts (docs/product-rules.md#engine-plan), with the items in words. */
const REFUSALS = {
  cannotDo: msg({ message: 'Công cụ tích hợp sẵn không làm được yêu cầu này: {not_done}. Không trừ tín dụng.' }),
  partialPlan: msg({
    message: 'Công cụ tích hợp sẵn chỉ làm được một phần. Sẽ làm: {done}. Không làm được: {not_done}. Hãy đồng ý bỏ qua phần không làm được, hoặc sửa yêu cầu.',
  }),
} as const satisfies Record<'cannotDo' | 'partialPlan', MessageDescriptor>;

/** What a 422 `cannotDo` / `partialPlan` says, in the person's language. */
export function refusalText(code: keyof typeof REFUSALS, plan: EnginePlan, i18n: I18n): string {
  return i18n._({ ...REFUSALS[code], values: { done: planItemsLine(plan.done, i18n), not_done: planItemsLine(plan.not_done, i18n) } });
}

const PARTIAL_TITLE = msg`Đã tạo xong phần làm được`;
const NOT_DONE_LINE = msg({ message: 'Không làm: {items}' });

/**
 * The completion toast of a job done in part: "Đã tạo xong phần làm được" and what was not done
 * (never a bare "Tạo thành công"); null for a job done in full.
 */
export function partialCompletion(plan: EnginePlan | null, i18n: I18n): { title: string; description: string } | null {
  if (!plan || plan.not_done.length === 0) return null;
  return { title: i18n._(PARTIAL_TITLE), description: i18n._({ ...NOT_DONE_LINE, values: { items: planItemsLine(plan.not_done, i18n) } }) };
}

/** The completion toast of a job done in part: "Đã tạo xong phần làm được" and what was not done. */
export function notifyPartial(plan: EnginePlan, i18n: I18n): void {
  const partial = partialCompletion(plan, i18n);
  if (partial) notify.success(partial.title, { description: partial.description });
}
