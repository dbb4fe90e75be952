import { describe, expect, it } from 'vitest';
import { identityFieldErrors } from './email-password.ts';
import { identityRequest, identityUserData } from './google-sign-in.ts';
import { IdentityDataError } from './errors.ts';

describe('identity-provider helper rules', () => {
  it('email must contain @; sign-in password non-empty; registration password 6+', () => {
    expect(identityFieldErrors('lan', '', 'sign-in')).toEqual({ email: 'invalidEmailAddress', password: 'passwordRequired' });
    expect(identityFieldErrors('lan@x.vn', 'a', 'sign-in')).toEqual({});
    expect(identityFieldErrors('lan@x.vn', '12345', 'register')).toEqual({ password: 'passwordMin6' });
    expect(identityFieldErrors('lan@x.vn', '123456', 'register')).toEqual({});
  });
});

describe('identity user data and the enhanced login rules', () => {
  const user = { uid: 'g-1', email: 'lan.nguyen@gmail.com', displayName: null, photoURL: null, emailVerified: true };

  it('falls back to the email local part, then empty, for the display name', () => {
    expect(identityUserData(user).displayName).toBe('lan.nguyen');
    expect(identityUserData({ ...user, displayName: 'Lan' }).displayName).toBe('Lan');
    expect(identityUserData({ ...user, email: null }).displayName).toBe('');
  });

  it('refuses an ID token under 100 characters or user data without email or uid', () => {
    const token = 'x'.repeat(100);
    expect(identityRequest(token, user)).toMatchObject({ idToken: token, userData: { uid: 'g-1', email: 'lan.nguyen@gmail.com' } });
    expect(() => identityRequest('x'.repeat(99), user)).toThrow(IdentityDataError);
    expect(() => identityRequest(token, { ...user, email: null })).toThrow(IdentityDataError);
    expect(() => identityRequest(token, { ...user, uid: '' })).toThrow(IdentityDataError);
  });
});
