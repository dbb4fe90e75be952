import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ForgotFormSchema, LoginFormSchema, OtpFormSchema, RegisterFormSchema } from '../../contract/auth.schema.ts';
import { fieldErrors } from './form.ts';

describe('form rules', () => {
  it('login: valid email, password required', () => {
    expect(fieldErrors(LoginFormSchema, { email: 'nope', password: '' })).toEqual({
      email: AUTH_MESSAGES.invalidEmail,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(fieldErrors(LoginFormSchema, { email: 'lan@example.vn', password: 'x' })).toBeNull();
  });

  it('register: name 2+, email, password 8+, confirmation required and matching (shown on confirmPassword)', () => {
    expect(fieldErrors(RegisterFormSchema, { name: 'L', email: 'x', password: 'short', confirmPassword: '' })).toEqual({
      name: AUTH_MESSAGES.nameTooShort,
      email: AUTH_MESSAGES.invalidEmail,
      password: AUTH_MESSAGES.passwordTooShort,
      confirmPassword: AUTH_MESSAGES.confirmRequired,
    });
    expect(fieldErrors(RegisterFormSchema, { name: 'Lan', email: 'lan@example.vn', password: 'longenough', confirmPassword: 'different' })).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsDontMatch,
    });
    expect(fieldErrors(RegisterFormSchema, { name: 'Lan', email: 'lan@example.vn', password: 'longenough', confirmPassword: 'longenough' })).toBeNull();
  });

  it('forgot: valid email', () => {
    expect(fieldErrors(ForgotFormSchema, { email: 'lan@' })).toEqual({ email: AUTH_MESSAGES.invalidEmail });
  });

  it('otp: 4 to 6 digits', () => {
    expect(fieldErrors(OtpFormSchema, { code: '123' })).toEqual({ code: AUTH_MESSAGES.invalidCode });
    expect(fieldErrors(OtpFormSchema, { code: '1234' })).toBeNull();
    expect(fieldErrors(OtpFormSchema, { code: '123456' })).toBeNull();
    expect(fieldErrors(OtpFormSchema, { code: '12a4' })).toEqual({ code: AUTH_MESSAGES.invalidCode });
  });
});
