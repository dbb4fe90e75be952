import { describe, expect, it } from 'vitest';
import { createMediaUrlSigner, SHARED_URL_TTL_SECONDS } from './signing.ts';

const KEY = 'a-server-signing-key-of-32-characters!';
const TTL = 3600;

describe('media URL signer', () => {
  it('rounds exp up to a window of TTL/2: the same URL within a window, valid at least TTL', () => {
    const signer = createMediaUrlSigner(KEY, TTL);
    // Just past a window boundary: the whole window lies ahead.
    const start = Date.UTC(2026, 0, 1, 10, 0, 1);
    const first = signer.sign('asset-1', 'original', start);
    expect(first.exp % (TTL / 2)).toBe(0);
    expect(first.exp * 1000 - start).toBeGreaterThanOrEqual(TTL * 1000);
    expect(first.exp * 1000 - start).toBeLessThanOrEqual(1.5 * TTL * 1000);
    expect(signer.sign('asset-1', 'original', start + 1000 * (TTL / 2) - 1).path).toBe(first.path);
    const next = signer.sign('asset-1', 'original', start + 1000 * (TTL / 2));
    expect(next.exp).toBe(first.exp + TTL / 2);
    expect(next.path.split('?')[0]).toBe('/api/media/asset-1/original');
  });

  it('verifies its own signatures until exp, and nothing else', () => {
    const signer = createMediaUrlSigner(KEY, TTL);
    const now = Date.UTC(2026, 0, 1);
    const { path, exp } = signer.sign('asset-1', 'thumbnail', now);
    const sig = new URL(path, 'http://x').searchParams.get('sig') ?? '';
    expect(signer.verify('asset-1', 'thumbnail', String(exp), sig, now)).toBe(true);
    expect(signer.verify('asset-1', 'thumbnail', String(exp), sig, exp * 1000 - 1)).toBe(true);
    expect(signer.verify('asset-1', 'thumbnail', String(exp), sig, exp * 1000)).toBe(false);
    expect(signer.verify('asset-1', 'original', String(exp), sig, now)).toBe(false);
    expect(signer.verify('asset-2', 'thumbnail', String(exp), sig, now)).toBe(false);
    expect(signer.verify('asset-1', 'thumbnail', String(exp + 1), sig, now)).toBe(false);
    expect(signer.verify('asset-1', 'thumbnail', String(exp), sig.toUpperCase(), now)).toBe(false);
    expect(signer.verify('asset-1', 'thumbnail', undefined, sig, now)).toBe(false);
    expect(signer.verify('asset-1', 'thumbnail', `${exp}.0`, sig, now)).toBe(false);
    expect(createMediaUrlSigner(`${KEY}x`, TTL).verify('asset-1', 'thumbnail', String(exp), sig, now)).toBe(false);
  });

  it('scopes a feed link to its shared job, with its own short lifetime', () => {
    const signer = createMediaUrlSigner(KEY, 6 * TTL);
    const now = Date.UTC(2026, 0, 1);
    const { path, exp } = signer.signShared('asset-1', 'original', 'job-1', now);
    const url = new URL(path, 'http://x');
    const sig = url.searchParams.get('sig') ?? '';
    expect(url.searchParams.get('shared')).toBe('job-1');
    expect(exp * 1000 - now).toBeLessThanOrEqual(1.5 * SHARED_URL_TTL_SECONDS * 1000);
    expect(signer.verify('asset-1', 'original', String(exp), sig, now, 'job-1')).toBe(true);
    expect(signer.verify('asset-1', 'original', String(exp), sig, now, 'job-2')).toBe(false);
    expect(signer.verify('asset-1', 'original', String(exp), sig, now)).toBe(false);
    // An owner's link does not pass as a feed link either.
    const own = signer.sign('asset-1', 'original', now);
    const ownSig = new URL(own.path, 'http://x').searchParams.get('sig') ?? '';
    expect(signer.verify('asset-1', 'original', String(own.exp), ownSig, now, 'job-1')).toBe(false);
  });
});
