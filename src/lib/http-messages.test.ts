import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n, type I18n } from '@lingui/core';
import { HTTP_MESSAGES, type HttpMessageKey } from '../contract/http-errors.ts';
import { ApiError, errorAnswer } from './api.ts';
import { apiErrorText, httpErrorWords, loadHttpWords } from './error-words.ts';
import { HTTP_MESSAGE_DESCRIPTORS, httpText, isHttpCode } from './http-messages.ts';

const CODES = Object.keys(HTTP_MESSAGES) as HttpMessageKey[];

async function catalog(locale: 'vi' | 'en'): Promise<I18n> {
  const { messages } = locale === 'vi' ? await import('../locales/vi/http-errors.po') : await import('../locales/en/http-errors.po');
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** What a server would answer for `code` (its English text, the figures filled). */
function answer(code: HttpMessageKey, status = 400): ApiError {
  const text = HTTP_MESSAGES[code].replace('{maxSize}', '64 KiB').replace('{maxLength}', '200').replace('{issues}', 'title: Invalid length');
  return new ApiError(text, status, { detail: text, code });
}

describe('HTTP error words', () => {
  beforeAll(loadHttpWords);

  it('words every HTTP_MESSAGES code, and nothing else', () => {
    expect(Object.keys(HTTP_MESSAGE_DESCRIPTORS).toSorted()).toEqual(CODES.toSorted());
    for (const code of CODES) expect(isHttpCode(code)).toBe(true);
    expect(isHttpCode('toString')).toBe(false);
  });

  it('has words in Vietnamese and in English for every code, none of them the server’s English in Vietnamese', async () => {
    const vi = await catalog('vi');
    const en = await catalog('en');
    for (const code of CODES) {
      const error = answer(code);
      const vietnamese = apiErrorText(vi, error);
      const english = apiErrorText(en, error);
      expect(vietnamese, code).not.toBe(error.message);
      expect(vietnamese, code).not.toMatch(/\{\w+\}/);
      expect(english, code).not.toMatch(/\{\w+\}/);
      // The English catalog translates each sentence: it is not the Vietnamese source.
      expect(english, code).not.toBe(vietnamese);
      expect(english, code).toMatch(/^[\x20-\x7e’…×]+$/);
    }
  });

  it('keeps the figure the server named', async () => {
    const vi = await catalog('vi');
    const en = await catalog('en');
    expect(apiErrorText(vi, answer('bodyTooLarge', 413))).toBe('Dữ liệu gửi lên quá lớn: mục này nhận tối đa 64 KiB.');
    expect(apiErrorText(en, answer('bodyTooLarge', 413))).toContain('64 KiB');
    expect(apiErrorText(vi, answer('invalidIdempotencyKey'))).toContain('1 đến 200');
    // A text without its figure (another server version): a sentence with no bare placeholder.
    expect(httpText(vi, 'bodyTooLarge', 'Too large.')).toBe(vi._(HTTP_MESSAGE_DESCRIPTORS.requestRefused));
  });

  it('says in words that some input is invalid, without the schema issues', async () => {
    const vi = await catalog('vi');
    const text = apiErrorText(vi, answer('invalidInput', 422));
    expect(text).toBe('Một số thông tin gửi lên chưa hợp lệ. Vui lòng kiểm tra lại rồi thử lại.');
    expect(text).not.toContain('title');
  });

  it('says the server’s text while its words are not loaded', () => {
    const bare = setupI18n({ locale: 'vi', messages: { vi: {} } });
    expect(apiErrorText(bare, answer('internalError', 500))).toBe(HTTP_MESSAGES.internalError);
  });

  it('leaves any other error its own text', () => {
    const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
    expect(httpErrorWords(vi, new ApiError('Plan not found.', 404, { message: 'Plan not found.', code: 'planNotFound' }))).toBeUndefined();
    expect(apiErrorText(vi, new ApiError('Plan not found.', 404, { message: 'Plan not found.', code: 'planNotFound' }))).toBe('Plan not found.');
    expect(apiErrorText(vi, new ApiError('API request failed with status: 502', 502, undefined))).toBe('API request failed with status: 502');
    expect(apiErrorText(vi, new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('an error answer with a code', () => {
  it('is thrown once the words of its code are there', async () => {
    const body = { detail: HTTP_MESSAGES.internalError, code: 'internalError' };
    const error = await errorAnswer('POST', 500, body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(HTTP_MESSAGES.internalError);
    expect(apiErrorText(await catalog('vi'), error)).toBe('Máy chủ gặp sự cố. Vui lòng thử lại.');
  });
});
