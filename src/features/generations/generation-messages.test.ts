import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { GENERATION_MESSAGES } from '../../contract/generation-messages.ts';
import { GENERATION_STAGES } from '../../contract/generation-stages.ts';
import { ApiError } from '../../lib/api.ts';
import { loadHttpWords } from '../../lib/error-words.ts';
import {
  describeGenerationError,
  GENERATION_MESSAGE_DESCRIPTORS,
  GENERATION_STAGE_DESCRIPTORS,
  generationText,
  isGenerationCode,
  stageText,
} from './generation-messages.ts';

const i18n = setupI18n({ locale: 'vi', messages: { vi: {} } });

describe('generation messages', () => {
  it('has a Vietnamese message for every GENERATION_MESSAGES key and every stage, and nothing else', () => {
    // The plan refusals are worded with their plan by the plan kit (./plan/words.ts, its own test).
    const planRefusals = ['cannotDo', 'partialPlan'];
    expect(Object.keys(GENERATION_MESSAGE_DESCRIPTORS).toSorted()).toEqual(
      Object.keys(GENERATION_MESSAGES)
        .filter((key) => !planRefusals.includes(key))
        .toSorted(),
    );
    expect(Object.keys(GENERATION_STAGE_DESCRIPTORS).toSorted()).toEqual(Object.keys(GENERATION_STAGES).toSorted());
    for (const descriptor of [...Object.values(GENERATION_MESSAGE_DESCRIPTORS), ...Object.values(GENERATION_STAGE_DESCRIPTORS)]) {
      expect(descriptor.id, 'each message has an id').toBeTruthy();
    }
  });

  it('keeps the placeholders of the contract texts', () => {
    for (const [key, english] of Object.entries(GENERATION_MESSAGES)) {
      if (!isGenerationCode(key)) continue;
      const placeholders = english.match(/\{\w+\}/g) ?? [];
      const vietnamese = GENERATION_MESSAGE_DESCRIPTORS[key].message ?? '';
      // A count may be a plural argument ("{cost, plural, other {# tín dụng}}"): it names the same value.
      const names = [...vietnamese.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map(([, name]) => `{${name}}`);
      expect(names.toSorted(), key).toEqual(placeholders.toSorted());
    }
  });

  it('words stages, and the queued text when a job has none', () => {
    expect(stageText('analyzingPose', i18n)).toBe('Đang phân tích tư thế...');
    expect(stageText('finalizingVideo', i18n)).toBe('Đang hoàn thiện video...');
    expect(stageText(null, i18n)).toBe('Đang chờ đến lượt...');
  });

  it('knows only its own codes', () => {
    expect(isGenerationCode('maskRequired')).toBe(true);
    expect(isGenerationCode('constructor')).toBe(false);
    expect(isGenerationCode('invalidType')).toBe(false);
  });
});

describe('describeGenerationError', () => {
  it('a 402 gives the credit check: balance, cost and shortage', () => {
    const body = { detail: 'Not enough credits: …', code: 'insufficientCredits', balance: 1, cost: 3, shortage: 2 };
    expect(describeGenerationError(new ApiError(body.detail, 402, body), i18n)).toEqual({
      title: 'Không đủ tín dụng',
      description: 'Không đủ tín dụng: lần tạo này cần 3 tín dụng, bạn đang có 1 (cần thêm 2).',
      code: 'insufficientCredits',
      insufficient: { balance: 1, cost: 3, shortage: 2 },
    });
  });

  it('translates the code of a refused request', () => {
    const body = { detail: GENERATION_MESSAGES.selectModelAndGarment, code: 'selectModelAndGarment' };
    expect(describeGenerationError(new ApiError(body.detail, 422, body), i18n)).toEqual({
      title: 'Tạo thất bại',
      description: 'Vui lòng chọn cả người mẫu và trang phục trước khi tạo.',
      code: 'selectModelAndGarment',
    });
    const conflict = { detail: GENERATION_MESSAGES.notCancellable, code: 'notCancellable' };
    expect(describeGenerationError(new ApiError(conflict.detail, 409, conflict), i18n).description).toBe('Lần tạo này đã kết thúc nên không thể hủy nữa.');
  });

  it("translates a failed job's error, keeping the engine's list of edits", () => {
    expect(describeGenerationError({ code: 'serverTimeout', message: GENERATION_MESSAGES.serverTimeout }, i18n).description).toBe(
      'Máy chủ phản hồi quá lâu. Vui lòng thử lại sau ít phút.',
    );
    expect(describeGenerationError({ code: 'personNotFound', message: '' }, i18n).description).toBe(
      'Không tìm thấy người trong ảnh người mẫu. Vui lòng dùng ảnh chụp toàn thân.',
    );
    const edits = 'tăng/giảm độ sáng, xoay 90/180/270';
    const described = describeGenerationError({ code: 'unknownEdit', message: GENERATION_MESSAGES.unknownEdit.replace('{edits}', edits) }, i18n);
    expect(described.description).toBe(`Công cụ xử lý cục bộ chưa hiểu yêu cầu chỉnh sửa này. Công cụ hiểu được: ${edits}.`);
    expect(describeGenerationError({ code: 'generationFailed', message: '' }, i18n)).toMatchObject({
      title: 'Tạo thất bại',
      description: 'Không xử lý được yêu cầu tạo',
    });
    expect(describeGenerationError({ code: 'cancelled', message: '' }, i18n)).toMatchObject({ title: 'Đã hủy', description: 'Đã hủy tạo.' });
  });

  it('words lost connections, timeouts, an ended session and unknown answers', () => {
    expect(describeGenerationError(new TypeError('Failed to fetch'), i18n)).toMatchObject({
      code: 'network',
      description: 'Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.',
    });
    expect(describeGenerationError(new DOMException('timed out', 'TimeoutError'), i18n).description).toBe(generationText('serverTimeout', undefined, i18n));
    const expired = { detail: 'Session expired', code: 'sessionExpired' };
    expect(describeGenerationError(new ApiError(expired.detail, 401, expired), i18n).description).toBe('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
    expect(describeGenerationError(new ApiError('Invalid input: params.height', 422, { detail: 'Invalid input: params.height' }), i18n).description).toBe(
      'Invalid input: params.height',
    );
    expect(describeGenerationError(new ApiError('API request failed with status: 502', 502, undefined), i18n)).toMatchObject({
      code: 'failedToProcess',
      description: 'Không xử lý được yêu cầu tạo',
    });
  });

  it('words a code of no particular area (a failure on the server’s side, input failing its schema), never in the server’s English', async () => {
    await loadHttpWords();
    const { messages } = await import('../../locales/vi/http-errors.po');
    const vi = setupI18n({ locale: 'vi', messages: { vi: messages } });
    const internal = { detail: 'Something went wrong on our side. Please try again.', code: 'internalError' };
    expect(describeGenerationError(new ApiError(internal.detail, 500, internal), vi).description).toBe('Máy chủ gặp sự cố. Vui lòng thử lại.');
    const invalid = { detail: 'Invalid input: params.height: Invalid type', code: 'invalidInput' };
    expect(describeGenerationError(new ApiError(invalid.detail, 422, invalid), vi).description).toBe(
      'Một số thông tin gửi lên chưa hợp lệ. Vui lòng kiểm tra lại rồi thử lại.',
    );
  });

  it('follows the active language (English catalog: the contract text)', () => {
    const english = setupI18n({
      locale: 'en',
      messages: { en: { [GENERATION_MESSAGE_DESCRIPTORS.maskRequired.id!]: GENERATION_MESSAGES.maskRequired } },
    });
    expect(describeGenerationError({ code: 'maskRequired', message: '' }, english).description).toBe(GENERATION_MESSAGES.maskRequired);
  });
});

describe('counts in English', () => {
  it('says "1 credit" and "2 credits" in the insufficient-credits message', async () => {
    const { messages } = await import('../../locales/en/app.po');
    const english = setupI18n({ locale: 'en', messages: { en: messages } });
    const text = (cost: number) => generationText('insufficientCredits', { cost, balance: 0, shortage: cost }, english);
    expect(text(1)).toBe('Not enough credits: this generation costs 1 credit, you have 0 (1 more needed).');
    expect(text(2)).toBe('Not enough credits: this generation costs 2 credits, you have 0 (2 more needed).');
    expect(generationText('insufficientCredits', { cost: 1, balance: 0, shortage: 1 }, i18n)).toBe(
      'Không đủ tín dụng: lần tạo này cần 1 tín dụng, bạn đang có 0 (cần thêm 1).',
    );
  });
});
