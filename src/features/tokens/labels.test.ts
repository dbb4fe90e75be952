import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { TOKEN_MESSAGES } from '../../contract/tokens.ts';
import { TOKEN_STATUSES } from '../../contract/tokens.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { messages as appEn } from '../../locales/en/app.po';
import { messages as en } from '../../locales/en/app/tokens.po';
import { httpStatusTone, serviceName, STATUS_LABELS, STATUS_TONES, tokenErrorCode, tokenErrorText } from './labels.ts';

describe('token status', () => {
  it('maps each status to its words and colour in both languages', () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    expect(TOKEN_STATUSES.map((status) => i18n._(STATUS_LABELS[status]))).toEqual(['Đang hoạt động', 'Đã tắt', 'Đã hết hạn']);
    i18n.loadAndActivate({ locale: 'en', messages: en });
    expect(TOKEN_STATUSES.map((status) => i18n._(STATUS_LABELS[status]))).toEqual(['Active', 'Inactive', 'Expired']);
    expect(TOKEN_STATUSES.map((status) => STATUS_TONES[status])).toEqual(['success', 'neutral', 'danger']);
  });

  it('colours a logged request by its HTTP status', () => {
    expect([200, 202, 304, 400, 401, 429, 500, 503].map(httpStatusTone)).toEqual([
      'success',
      'success',
      'success',
      'warning',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
  });

  it('names the services as the studios do', () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    expect(serviceName(i18n, 'body-generator')).toBe('Tạo người mẫu');
    i18n.loadAndActivate({ locale: 'en', messages: appEn });
    expect(serviceName(i18n, 'upscaler')).toBe('Upscaler');
  });
});

describe('the server’s coded answers', () => {
  it('reads the code, or the contract’s text when the answer has no code', () => {
    expect(tokenErrorCode(new ApiError('x', 422, { message: 'x', code: 'rateLimitRange' }))).toBe('rateLimitRange');
    expect(tokenErrorCode(new ApiError('x', 422, { detail: TOKEN_MESSAGES.permissionsRequired }))).toBe('permissionsRequired');
    expect(tokenErrorCode(new ApiError('x', 422, { message: 'something else', code: 'toString' }))).toBeUndefined();
    expect(tokenErrorCode(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('says a known code in the reader’s language, else the server’s words, else that the network failed', () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    expect(tokenErrorText(i18n, new ApiError('x', 403, { message: 'x', code: 'planRequired' }))).toBe(
      'Gói của bạn chưa có quyền truy cập API. Hãy nâng cấp lên Pro trở lên để tạo token API.',
    );
    expect(tokenErrorText(i18n, new ApiError('Máy chủ bận', 500, { message: 'Máy chủ bận' }))).toBe('Máy chủ bận');
    expect(tokenErrorText(i18n, new TypeError('Failed to fetch'))).toBe('Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.');
    i18n.loadAndActivate({ locale: 'en', messages: en });
    expect(tokenErrorText(i18n, new ApiError('x', 409, { message: 'x', code: 'tooManyTokens' }))).toBe(
      'An account can hold at most 25 tokens. Delete one you no longer use.',
    );
  });
});
