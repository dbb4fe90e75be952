import { describe, expect, it } from 'vitest';
import {
  asMediaMessage,
  assetVariantKey,
  DEFAULT_MEDIA_BUDGET_BYTES,
  effectiveBudget,
  isListedVariant,
  MAX_KEEP_PATHS,
  MEDIA_KEEP_MESSAGE,
  MEDIA_PIN_MESSAGE,
  mediaCacheKey,
  mediaOrigins,
  MIN_MEDIA_BUDGET_BYTES,
  parseMediaPath,
  planEviction,
  summarizeUsage,
  type MediaEntry,
} from './media-cache-policy.ts';

const APP = 'https://atelier.example';
const API = 'https://api.atelier.example';
const origins = [APP, API];

const entry = (bytes: number, lastUsed: number, pinned = false, stored = true): MediaEntry => ({ bytes, lastUsed, pinned, stored });

describe('media cache keys', () => {
  it('ignores the signature: a re-signed link is the same key', () => {
    const first = mediaCacheKey(`${APP}/api/media/a1/thumbnail?exp=100&sig=aaaa`, origins);
    const resigned = mediaCacheKey(`${APP}/api/media/a1/thumbnail?exp=200&sig=bbbb`, origins);
    expect(first).toBe(`${APP}/api/media/a1/thumbnail`);
    expect(resigned).toBe(first);
  });

  it('resolves relative paths and keeps variants and origins apart', () => {
    expect(mediaCacheKey('/api/media/a1/original?exp=1&sig=f', origins, APP)).toBe(`${APP}/api/media/a1/original`);
    expect(mediaCacheKey(`${API}/api/media/a1/original?exp=1`, origins)).toBe(`${API}/api/media/a1/original`);
    expect(mediaCacheKey(`${APP}/api/media/a1/poster`, origins)).not.toBe(mediaCacheKey(`${APP}/api/media/a1/thumbnail`, origins));
  });

  it('refuses other paths, unknown variants and foreign origins', () => {
    expect(mediaCacheKey(`${APP}/api/assets/a1`, origins)).toBeNull();
    expect(mediaCacheKey(`${APP}/api/media/a1/full`, origins)).toBeNull();
    expect(mediaCacheKey(`${APP}/api/media`, origins)).toBeNull();
    expect(mediaCacheKey('https://evil.example/api/media/a1/original', origins)).toBeNull();
    expect(mediaCacheKey('not a url', origins)).toBeNull();
  });

  it('parses the asset id and variant, and builds the same key from them', () => {
    expect(parseMediaPath('/api/media/a%20b/original')).toEqual({ assetId: 'a b', variant: 'original' });
    expect(assetVariantKey(APP, 'a b', 'original')).toBe(mediaCacheKey(`${APP}/api/media/a%20b/original?sig=1`, origins));
  });

  it('adds the API origin only when it differs from the app', () => {
    expect(mediaOrigins(APP, '')).toEqual([APP]);
    expect(mediaOrigins(APP, `${APP}/`)).toEqual([APP]);
    expect(mediaOrigins(APP, `${API}/v1`)).toEqual([APP, API]);
  });
});

describe('eviction by bytes, least recently used first', () => {
  it('evicts nothing within the budget', () => {
    expect(
      planEviction(
        [
          ['a', entry(40, 1)],
          ['b', entry(60, 2)],
        ],
        100,
      ),
    ).toEqual([]);
  });

  it('evicts the oldest unpinned entries until the bytes fit, counting the incoming file', () => {
    const entries: Array<[string, MediaEntry]> = [
      ['newest', entry(30, 30)],
      ['oldest', entry(30, 10)],
      ['middle', entry(30, 20)],
    ];
    expect(planEviction(entries, 100)).toEqual([]);
    expect(planEviction(entries, 100, 20)).toEqual(['oldest']);
    expect(planEviction(entries, 100, 45)).toEqual(['oldest', 'middle']);
  });

  it('never evicts pinned entries, even over budget', () => {
    const entries: Array<[string, MediaEntry]> = [
      ['pinned-old', entry(80, 1, true)],
      ['loose', entry(30, 5)],
    ];
    expect(planEviction(entries, 50)).toEqual(['loose']);
    expect(planEviction([['pinned-old', entry(80, 1, true)]], 50)).toEqual([]);
  });

  it('ignores pins still waiting for their bytes', () => {
    expect(
      planEviction(
        [
          ['waiting', entry(0, 1, true, false)],
          ['a', entry(90, 2)],
        ],
        100,
      ),
    ).toEqual([]);
  });
});

describe('usage and budget', () => {
  it('sums stored bytes and counts pinned assets by their original', () => {
    const usage = summarizeUsage(
      [
        [`${APP}/api/media/a1/original`, entry(500, 1, true)],
        [`${APP}/api/media/a1/thumbnail`, entry(20, 1, true)],
        [`${APP}/api/media/a2/thumbnail`, entry(25, 1)],
        [`${APP}/api/media/a3/original`, entry(0, 1, true, false)],
      ],
      1000,
    );
    expect(usage).toEqual({ bytes: 545, count: 3, pinnedCount: 3, pinnedBytes: 520, pinnedAssets: 2, budget: 1000 });
  });

  it('caps the budget to half the quota, within a floor', () => {
    expect(effectiveBudget(DEFAULT_MEDIA_BUDGET_BYTES)).toBe(DEFAULT_MEDIA_BUDGET_BYTES);
    expect(effectiveBudget(DEFAULT_MEDIA_BUDGET_BYTES, 100 * 1024 * 1024)).toBe(50 * 1024 * 1024);
    expect(effectiveBudget(DEFAULT_MEDIA_BUDGET_BYTES, 1024)).toBe(MIN_MEDIA_BUDGET_BYTES);
    expect(effectiveBudget(Number.NaN)).toBe(DEFAULT_MEDIA_BUDGET_BYTES);
  });
});

describe('page messages', () => {
  it('accepts well-formed messages only', () => {
    expect(asMediaMessage({ type: MEDIA_PIN_MESSAGE, paths: ['/api/media/a/original'] })).not.toBeNull();
    expect(asMediaMessage({ type: MEDIA_PIN_MESSAGE, paths: [1] })).toBeNull();
    expect(asMediaMessage({ type: 'atelier:media:budget', bytes: -1 })).toBeNull();
    expect(asMediaMessage({ type: 'SKIP_WAITING' })).toBeNull();
    expect(asMediaMessage(null)).toBeNull();
  });
});

const keepPaths = (count: number) => Array.from({ length: count }, (_, k) => `/api/media/a${k}/thumbnail`);

describe('listed pictures', () => {
  it('keeps thumbnails and posters ahead, never full-size files', () => {
    expect(isListedVariant(`${API}/api/media/a1/thumbnail`)).toBe(true);
    expect(isListedVariant(`${API}/api/media/a1/poster`)).toBe(true);
    expect(isListedVariant(`${API}/api/media/a1/original`)).toBe(false);
    expect(isListedVariant(`${API}/api/media/a1/watermarked`)).toBe(false);
    expect(isListedVariant('/api/media/a1/thumbnail')).toBe(true);
    expect(isListedVariant(`${API}/api/other`)).toBe(false);
  });

  it('takes a keep message of at most MAX_KEEP_PATHS links', () => {
    expect(asMediaMessage({ type: MEDIA_KEEP_MESSAGE, paths: keepPaths(MAX_KEEP_PATHS) })).not.toBeNull();
    expect(asMediaMessage({ type: MEDIA_KEEP_MESSAGE, paths: keepPaths(MAX_KEEP_PATHS + 1) })).toBeNull();
    expect(asMediaMessage({ type: MEDIA_KEEP_MESSAGE, paths: 'x' })).toBeNull();
  });
});
