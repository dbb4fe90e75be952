import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { IdentityDataError, classifyGoogleError, classifyIdentityError, isRetryablePopupError, isSilentPopupError, remapEmailPasswordCode } from './errors.ts';

const fbError = (code: string, message = `Firebase: Error (${code}).`, customData?: Record<string, unknown>) =>
  Object.assign(new Error(message), { code, customData });

describe('Google sign-in errors', () => {
  it('ignores a closed popup or a popup already open', () => {
    expect(classifyGoogleError(fbError('auth/popup-closed-by-user'))).toEqual({ kind: 'silent' });
    expect(classifyGoogleError(fbError('auth/cancelled-popup-request'))).toEqual({ kind: 'silent' });
    expect(isSilentPopupError(fbError('auth/popup-closed-by-user'))).toBe(true);
  });

  it('alerts a blocked popup', () => {
    expect(classifyGoogleError(fbError('auth/popup-blocked'))).toEqual({ kind: 'popup-blocked' });
  });

  it('separates internal errors with and without details', () => {
    expect(classifyGoogleError(fbError('auth/internal-error'))).toEqual({ kind: 'internal-no-details' });
    expect(classifyGoogleError(fbError('auth/internal-error', 'Firebase: INVALID_IDP_RESPONSE (auth/internal-error).'))).toEqual({
      kind: 'internal',
      details: 'INVALID_IDP_RESPONSE',
    });
    expect(classifyGoogleError(fbError('auth/internal-error', 'Firebase: Error (auth/internal-error).', { _serverResponse: '{"error":"x"}' }))).toEqual({
      kind: 'internal',
      details: '{"error":"x"}',
    });
  });

  it('reports anything else with its message, or as unknown', () => {
    expect(classifyGoogleError(fbError('auth/unauthorized-domain', 'Domain not allowed'))).toEqual({ kind: 'other', message: 'Domain not allowed' });
    expect(classifyGoogleError({})).toEqual({ kind: 'other', message: undefined });
    expect(classifyGoogleError(fbError('auth/network-request-failed'))).toEqual({ kind: 'network' });
  });

  it('retries only transient popup failures', () => {
    expect(isRetryablePopupError(fbError('auth/internal-error'))).toBe(true);
    expect(isRetryablePopupError(fbError('auth/popup-closed-by-user'))).toBe(false);
    expect(isRetryablePopupError(fbError('auth/popup-blocked'))).toBe(false);
  });
});

describe('identity-provider toasts', () => {
  it('maps failures to configuration, network, invalid data, or failed', () => {
    expect(classifyIdentityError(fbError('auth/internal-error'))).toBe('configuration');
    expect(classifyIdentityError(new ApiError('boom', 500, {}))).toBe('configuration');
    expect(classifyIdentityError(fbError('auth/network-request-failed'))).toBe('network');
    expect(classifyIdentityError(new TypeError('Failed to fetch'))).toBe('network');
    expect(classifyIdentityError(new ApiError('bad', 422, {}))).toBe('invalid-data');
    expect(classifyIdentityError(new IdentityDataError('short token'))).toBe('invalid-data');
    expect(classifyIdentityError(new ApiError('no', 401, {}))).toBe('failed');
    expect(classifyIdentityError(new Error('?'))).toBe('failed');
  });
});

describe('email/password internal errors', () => {
  it('are remapped by message content', () => {
    expect(remapEmailPasswordCode(fbError('auth/internal-error', 'INVALID_PASSWORD'))).toBe('auth/wrong-password');
    expect(remapEmailPasswordCode(fbError('auth/internal-error', 'EMAIL_NOT_FOUND'))).toBe('auth/user-not-found');
    expect(remapEmailPasswordCode(fbError('auth/internal-error', 'INVALID_EMAIL'))).toBe('auth/invalid-email');
    expect(remapEmailPasswordCode(fbError('auth/internal-error', 'something'))).toBe('auth/internal-error');
    expect(remapEmailPasswordCode(fbError('auth/too-many-requests'))).toBe('auth/too-many-requests');
  });
});
