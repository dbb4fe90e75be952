import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationRequest } from '../../contract/generations.schema.ts';
import { clearPendingSubmit, PENDING_SUBMIT_KEY_PREFIX, readPendingSubmit, writePendingSubmit, type PendingSubmit } from './pending-submit.ts';

/** A tab's sessionStorage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

// A request as a screen sends it: the optional fields it left out must stay out (the server
// refuses a replayed key whose request differs).
const request: GenerationRequest = {
  feature: 'virtual-tryon',
  inputs: { model: 'asset-1', garments: [{ asset_id: 'asset-2', category: 'tops' }] },
  params: {},
};
const pending: PendingSubmit = { key: 'key-1', request };

let store: Storage;
beforeEach(() => {
  store = memoryStorage();
  vi.stubGlobal('sessionStorage', store);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the submit kept across a reload', () => {
  it('gives back the same Idempotency-Key and the request exactly as it was written', () => {
    writePendingSubmit('user-1', 'virtual-tryon', pending);
    expect(readPendingSubmit('user-1', 'virtual-tryon')).toEqual(pending);
    expect(JSON.parse(store.getItem(`${PENDING_SUBMIT_KEY_PREFIX}user-1.virtual-tryon`)!)).toEqual(pending);
  });

  it('keeps one per account and per studio', () => {
    writePendingSubmit('user-1', 'virtual-tryon', pending);
    expect(readPendingSubmit('user-2', 'virtual-tryon')).toBeNull();
    expect(readPendingSubmit('user-1', 'image-editing')).toBeNull();
    const edit: PendingSubmit = { key: 'key-2', request: { feature: 'image-editing', inputs: { images: ['asset-3'] }, params: { prompt: 'đen trắng' } } };
    writePendingSubmit('user-1', 'image-editing', edit);
    expect(readPendingSubmit('user-1', 'image-editing')).toEqual(edit);
    expect(readPendingSubmit('user-1', 'virtual-tryon')).toEqual(pending);
  });

  it('forgets it once cleared (the server answered)', () => {
    writePendingSubmit('user-1', 'virtual-tryon', pending);
    clearPendingSubmit('user-1', 'virtual-tryon');
    expect(readPendingSubmit('user-1', 'virtual-tryon')).toBeNull();
  });

  it('a later write for the same studio replaces the earlier one', () => {
    writePendingSubmit('user-1', 'virtual-tryon', pending);
    writePendingSubmit('user-1', 'virtual-tryon', { ...pending, key: 'key-3' });
    expect(readPendingSubmit('user-1', 'virtual-tryon')?.key).toBe('key-3');
  });

  it.each([
    ['not JSON', '{'],
    ['no key', JSON.stringify({ request })],
    ['an empty key', JSON.stringify({ key: '', request })],
    ['a tool the contract does not have', JSON.stringify({ key: 'key-1', request: { ...request, feature: 'teleport' } })],
    ['no request', JSON.stringify({ key: 'key-1' })],
  ])('ignores a stored value with %s', (_, raw) => {
    store.setItem(`${PENDING_SUBMIT_KEY_PREFIX}user-1.virtual-tryon`, raw);
    expect(readPendingSubmit('user-1', 'virtual-tryon')).toBeNull();
  });

  it('keeps nothing, and throws nothing, where storage is refused or missing', () => {
    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.stubGlobal('sessionStorage', refusing);
    expect(() => writePendingSubmit('user-1', 'virtual-tryon', pending)).not.toThrow();
    expect(readPendingSubmit('user-1', 'virtual-tryon')).toBeNull();

    vi.stubGlobal('sessionStorage', undefined);
    expect(() => writePendingSubmit('user-1', 'virtual-tryon', pending)).not.toThrow();
    expect(() => clearPendingSubmit('user-1', 'virtual-tryon')).not.toThrow();
    expect(readPendingSubmit('user-1', 'virtual-tryon')).toBeNull();
  });
});
