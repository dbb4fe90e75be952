import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { AUTH_MESSAGES } from '../contract/auth.schema.ts';
import { AUTH_MESSAGE_DESCRIPTORS, authMessage, isAuthCode } from './auth-messages.ts';

describe('auth messages', () => {
  it('every AUTH_MESSAGES key has a Lingui message, and nothing else', () => {
    expect(Object.keys(AUTH_MESSAGE_DESCRIPTORS).toSorted()).toEqual(Object.keys(AUTH_MESSAGES).toSorted());
    for (const descriptor of Object.values(AUTH_MESSAGE_DESCRIPTORS)) {
      expect(descriptor.id, 'each message has an id').toBeTruthy();
    }
  });

  it('keeps the placeholders of the contract texts', () => {
    const i18n = setupI18n({ locale: 'vi', messages: { vi: {} } });
    expect(authMessage(i18n, 'tooManyAttempts', { n: 3 })).toContain('3 phút');
  });

  it('translates codes and contract texts, and passes other texts through', () => {
    const i18n = setupI18n({ locale: 'vi', messages: { vi: {} } });
    expect(authMessage(i18n, 'loginFailed')).toBe('Đăng nhập thất bại');
    expect(authMessage(i18n, AUTH_MESSAGES.invalidEmail)).toBe('Vui lòng nhập email hợp lệ');
    expect(authMessage(i18n, 'emailTaken')).toContain('đã có tài khoản');
    expect(authMessage(i18n, 'Something else')).toBe('Something else');
    expect(isAuthCode('constructor')).toBe(false);
    expect(isAuthCode('toString')).toBe(false);
  });
});
