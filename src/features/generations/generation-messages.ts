import { i18n as globalI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import type { GenerationMessageKey } from '../../contract/generation-messages.ts';
import { GENERATION_STAGES, type GenerationStage } from '../../contract/generation-stages.ts';
import { InsufficientCreditsBodySchema } from '../../contract/generations.schema.ts';
import type { EnginePlan, PlanRefusalBody } from '../../contract/engine-plan.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { authText, isAuthCode } from '../../lib/auth-messages.ts';
import { httpWords } from '../../lib/error-words.ts';

/**
 * Every generation message of the contract (docs/product-rules.md#messages-generation) and every processing stage (#generation-stages) as a
 * Lingui message. The contract carries the English text and a stable key (the `code` of error
 * bodies and of a failed job's `error`); the interface shows the translation of that key. The
 * English catalog holds exactly the contract's text.
 */
type PlanRefusalCode = PlanRefusalBody['code'];

/**
 * The keys worded here: all but the plan refusals (cannotDo, partialPlan), which name the plan's
 * items and are worded with them by the plan kit (./plan/words.ts, loaded with a plan to show).
 */
export type TranslatedKey = Exclude<GenerationMessageKey, PlanRefusalCode>;

export const GENERATION_MESSAGE_DESCRIPTORS = {
  generationFailed: msg`Tạo thất bại`,
  failedToProcess: msg`Không xử lý được yêu cầu tạo`,
  serverTimeout: msg`Máy chủ phản hồi quá lâu. Vui lòng thử lại sau ít phút.`,
  selectModelAndGarment: msg`Vui lòng chọn cả người mẫu và trang phục trước khi tạo.`,
  missingResult: msg`Thiếu kết quả`,
  noResultImage: msg`Không có ảnh kết quả`,
  selectImageAndHairstyle: msg`Vui lòng tải ảnh lên và chọn kiểu tóc trước khi tạo.`,
  bodyParametersRequired: msg`Vui lòng điền đầy đủ các thông số cơ thể trước khi tạo.`,
  missingImage: msg`Vui lòng tải ảnh lên trước khi tạo.`,
  missingVideo: msg`Vui lòng tải video lên trước khi tạo.`,
  missingPrompt: msg`Vui lòng mô tả những chỉnh sửa bạn muốn.`,
  imageCount: msg`Vui lòng chọn từ 2 đến 10 ảnh.`,
  modelFirst: msg`Vui lòng chọn người mẫu trước.`,
  // `{cost}`, `{balance}`, `{shortage}`: credits, from the 402 body.
  insufficientCredits: msg({ message: 'Không đủ tín dụng: lần tạo này cần {cost, plural, other {# tín dụng}}, bạn đang có {balance} (cần thêm {shortage}).' }),
  assetNotFound: msg`Không tìm thấy một trong các tệp đã chọn. Vui lòng chọn lại.`,
  wrongAssetType: msg`Một trong các tệp đã chọn không đúng loại cho công cụ này.`,
  unsupportedOption: msg`Mô hình đã chọn không hỗ trợ các thiết lập này. Vui lòng chọn thiết lập khác.`,
  maskRequired: msg`Vui lòng tô lên vùng tóc bằng cọ để đánh dấu vùng cần đổi.`,
  personNotFound: msg`Không tìm thấy người trong ảnh người mẫu. Vui lòng dùng ảnh chụp toàn thân.`,
  modelNotFullBody: msg`Ảnh người mẫu chưa đủ toàn thân. Vui lòng dùng ảnh chụp toàn thân. Tín dụng đã được hoàn lại.`,
  garmentNotFound: msg`Không tách được trang phục khỏi nền. Vui lòng dùng ảnh trang phục trên nền trơn.`,
  backgroundNotRemoved: msg`Không tách được nền ảnh này (trừ ảnh có người, cần phông nền trơn, khác màu chủ thể). Tín dụng đã được hoàn lại.`,
  // `{edits}`: the list the local engine understands, in the language of the instruction (from the server's text).
  unknownEdit: msg({ message: 'Công cụ xử lý cục bộ chưa hiểu yêu cầu chỉnh sửa này. Công cụ hiểu được: {edits}.' }),
  cancelled: msg`Đã hủy tạo.`,
  notCancellable: msg`Lần tạo này đã kết thúc nên không thể hủy nữa.`,
  stillRunning: msg`Lần tạo này vẫn đang chạy. Vui lòng hủy trước.`,
  notFound: msg`Không tìm thấy lần tạo.`,
  notShareable: msg`Chỉ có thể chia sẻ lần tạo đã hoàn tất.`,
  idempotencyMismatch: msg`Idempotency-Key này đã được dùng cho một yêu cầu khác.`,
  planRequired: msg`Video 1080p và phóng to ×3, ×4 dành cho gói trả phí. Nâng cấp để dùng.`,
  serverRestarting: msg`Máy chủ đang khởi động lại. Vui lòng thử lại sau giây lát.`,
  tooManyStreams: msg`Tài khoản này đang mở quá nhiều luồng theo dõi lần tạo. Vui lòng đóng bớt một thẻ rồi thử lại.`,
} as const satisfies Record<TranslatedKey, MessageDescriptor>;

/** Staged text of the processing screen (docs/product-rules.md#generation-stages), by the job's `stage`. */
export const GENERATION_STAGE_DESCRIPTORS = {
  queued: msg`Đang chờ đến lượt...`,
  analyzingPose: msg`Đang phân tích tư thế...`,
  analyzingComposition: msg`Đang phân tích bố cục ảnh...`,
  processingGarment: msg`Đang xử lý độ vừa vặn của trang phục...`,
  generatingMotion: msg`Đang tạo vectơ chuyển động...`,
  renderingFrames: msg`Đang kết xuất khung hình...`,
  generatingResult: msg`Đang tạo kết quả cuối cùng...`,
  finalizingVideo: msg`Đang hoàn thiện video...`,
} as const satisfies Record<GenerationStage, MessageDescriptor>;

/** Titles of the descriptions below ('Generation Failed', the credit check: docs/product-rules.md#messages-generation, #credit-check). */
const TITLES = {
  failed: msg`Tạo thất bại`,
  insufficient: msg`Không đủ tín dụng`,
  cancelled: msg`Đã hủy`,
  network: msg`Mất kết nối`,
} as const;

const NETWORK_TEXT = msg`Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.`;

export function isGenerationCode(value: unknown): value is TranslatedKey {
  return typeof value === 'string' && Object.hasOwn(GENERATION_MESSAGE_DESCRIPTORS, value);
}

export function isGenerationStage(value: unknown): value is GenerationStage {
  return typeof value === 'string' && Object.hasOwn(GENERATION_STAGES, value);
}

/** The translated text of a stage key (the queued text when the job has none). */
export function stageText(stage: GenerationStage | null | undefined, i18n: I18n = globalI18n): string {
  return i18n._(GENERATION_STAGE_DESCRIPTORS[stage ?? 'queued']);
}

/** The translated text of a message key; placeholders from `values`. */
export function generationText(code: GenerationMessageKey, values?: Record<string, string | number>, i18n: I18n = globalI18n): string {
  // The plan refusals are worded with their plan (refusalText of ./plan/words.ts), never by key alone.
  return i18n._({ ...(GENERATION_MESSAGE_DESCRIPTORS[code as TranslatedKey] ?? GENERATION_MESSAGE_DESCRIPTORS.generationFailed), values });
}

export interface InsufficientCredits {
  balance: number;
  cost: number;
  shortage: number;
}

/** What a failure says to a person: a toast's title and description, or a result screen's. */
export interface GenerationErrorDescription {
  title: string;
  description: string;
  /** The contract key, when the failure had one (or a client-side one: a timeout, the network). */
  code?: GenerationMessageKey | 'network';
  /** 402: the numbers of the credit check (docs/product-rules.md#credit-check), for the balance/cost/shortage panel and the pricing link. */
  insufficient?: InsufficientCredits;
  /** 422 cannotDo / partialPlan: what the engine would do and not do (docs/product-rules.md#engine-plan). */
  plan?: EnginePlan;
}

/** A failed job's `error`, or anything else with a code and a text. */
export interface CodedFailure {
  code: string;
  message: string;
}

/**
 * `… It understands: {edits}.` → the list, from the server's text: after the template's one colon,
 * without its closing full stop (the contract's English table stays off the client's bundle).
 */
function editsOf(message: string): string {
  const start = message.indexOf(': ') + 2;
  const end = message.endsWith('.') ? message.length - 1 : message.length;
  return start > 1 && end > start ? message.slice(start, end) : message;
}

const GENERIC_STATUS_TEXT = /^API request failed with status: \d+$/;

function isCodedFailure(value: unknown): value is CodedFailure {
  return !!value && typeof value === 'object' && typeof (value as CodedFailure).code === 'string' && typeof (value as CodedFailure).message === 'string';
}

/** The request never got an answer: offline, refused (fetch's TypeError), or aborted. */
function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof TypeError;
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

/**
 * What a generation failure says (docs/product-rules.md#api-errors, #messages-generation): a submit/cancel/delete/regenerate error
 * (ApiError with the server's coded body), a failed or cancelled job's `error`, a timeout or a
 * lost connection. A 402 carries the credit check's numbers. A plain function, so toasts, the
 * processing screen and the result screen word failures the same way.
 */
export function describeGenerationError(error: unknown, i18n: I18n = globalI18n): GenerationErrorDescription {
  const failed = i18n._(TITLES.failed);

  if (error instanceof ApiError && error.status === 402) {
    const parsed = v.safeParse(InsufficientCreditsBodySchema, error.body);
    if (parsed.success) {
      const { balance, cost, shortage } = parsed.output;
      return {
        title: i18n._(TITLES.insufficient),
        description: generationText('insufficientCredits', { balance, cost, shortage }, i18n),
        code: 'insufficientCredits',
        insufficient: { balance, cost, shortage },
      };
    }
  }

  // 422 cannotDo / partialPlan (PlanRefusalBodySchema): the studio shows the plan in words where Generate is
  // (PlanNotice, once the plan kit is there); the description is the server's text.
  const refusal = error instanceof ApiError && error.status === 422 ? (error.body as Partial<PlanRefusalBody> | null) : null;
  if ((refusal?.code === 'cannotDo' || refusal?.code === 'partialPlan') && refusal.plan) {
    return { title: failed, description: (error as ApiError).message, code: refusal.code, plan: refusal.plan };
  }

  const coded: CodedFailure | undefined = isCodedFailure(error)
    ? error
    : error instanceof ApiError
      ? { code: error.code ?? '', message: error.message }
      : undefined;

  if (coded && isGenerationCode(coded.code)) {
    const code = coded.code;
    if (code === 'cancelled') return { title: i18n._(TITLES.cancelled), description: generationText('cancelled', undefined, i18n), code };
    // 'Generation Failed' is already the title: the description says what failed.
    if (code === 'generationFailed') return { title: failed, description: generationText('failedToProcess', undefined, i18n), code };
    if (code === 'unknownEdit') return { title: failed, description: generationText('unknownEdit', { edits: editsOf(coded.message) }, i18n), code };
    if (code === 'insufficientCredits') return { title: i18n._(TITLES.insufficient), description: coded.message, code };
    return { title: failed, description: generationText(code, undefined, i18n), code };
  }

  // The session ended meanwhile (401) and the like: the auth area's translation.
  if (coded && isAuthCode(coded.code)) return { title: failed, description: authText(i18n, coded.code) };
  // A body, an input or a path the server could not take, or a failure on its side: the words of its code.
  const words = coded ? httpWords(i18n, coded.code, coded.message) : undefined;
  if (words) return { title: failed, description: words };

  if (isTimeout(error)) return { title: failed, description: generationText('serverTimeout', undefined, i18n), code: 'serverTimeout' };
  if (isNetworkFailure(error)) return { title: i18n._(TITLES.network), description: i18n._(NETWORK_TEXT), code: 'network' };

  // An answer without a known code (another area's, or a proxy's): the server's own text, which the error rules make human (docs/product-rules.md#api-errors).
  const text = coded?.message.trim();
  if (text && !GENERIC_STATUS_TEXT.test(text)) return { title: failed, description: text };
  return { title: failed, description: generationText('failedToProcess', undefined, i18n), code: 'failedToProcess' };
}
