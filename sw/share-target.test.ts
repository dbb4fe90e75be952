import { describe, expect, it, vi } from 'vitest';
import { SHARED_FILES_MAX, type SharedEntry } from '../src/kernel/share-store.ts';
import { receiveShare, type ShareTargetDeps } from './share-target.ts';

const ORIGIN = 'https://atelier.test';

function deps(overrides: Partial<ShareTargetDeps> = {}) {
  const saved: SharedEntry[] = [];
  const all: ShareTargetDeps = {
    save: async (entry) => void saved.push(entry),
    prune: vi.fn<(now: number) => Promise<unknown>>(async () => 0),
    newId: () => 'entry-1',
    now: () => 1_700_000_000_000,
    origin: ORIGIN,
    ...overrides,
  };
  return { all, saved };
}

function shareRequest(form: FormData): Request {
  return new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form });
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

describe('receiveShare', () => {
  it('keeps the shared images with title and text, and sends the browser to the chooser with a 303', async () => {
    const form = new FormData();
    form.append('title', '  Áo mới  ');
    form.append('text', 'xem thử');
    form.append('image', png('ao.png'));
    form.append('image', new File(['plain'], 'note.txt', { type: 'text/plain' }));
    const { all, saved } = deps();

    const response = await receiveShare(shareRequest(form), all);

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/share?id=entry-1`);
    expect(saved).toHaveLength(1);
    const [entry] = saved;
    expect(entry).toMatchObject({ id: 'entry-1', createdAt: 1_700_000_000_000, title: 'Áo mới', text: 'xem thử', skipped: 1 });
    expect(entry!.files.map((file) => [file.name, file.type, file.blob.size])).toEqual([['ao.png', 'image/png', 7]]);
    expect(all.prune).toHaveBeenCalledWith(1_700_000_000_000);
  });

  it(`keeps at most ${SHARED_FILES_MAX} images`, async () => {
    const form = new FormData();
    for (let index = 0; index < SHARED_FILES_MAX + 2; index++) form.append('image', png(`${index}.png`));
    const { all, saved } = deps();
    await receiveShare(shareRequest(form), all);
    expect(saved[0]!.files).toHaveLength(SHARED_FILES_MAX);
    expect(saved[0]!.skipped).toBe(2);
  });

  it('still lands on the chooser, saying so, when the share cannot be stored', async () => {
    const form = new FormData();
    form.append('image', png('ao.png'));
    const { all } = deps({ save: async () => Promise.reject(new DOMException('full', 'QuotaExceededError')) });
    const response = await receiveShare(shareRequest(form), all);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/share?reason=unreadable`);
  });

  it('treats a body that is not a form as unreadable', async () => {
    const request = new Request(`${ORIGIN}/share-target`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const response = await receiveShare(request, deps().all);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/share?reason=unreadable`);
  });

  it('a failed clean-up of old entries does not lose the new one', async () => {
    const form = new FormData();
    form.append('image', png('ao.png'));
    const { all, saved } = deps({ prune: async () => Promise.reject(new Error('busy')) });
    const response = await receiveShare(shareRequest(form), all);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/share?id=entry-1`);
    expect(saved).toHaveLength(1);
  });

  it.each([
    ['another site’s form', { origin: 'https://evil.test' }],
    ['a sibling site, as a browser that shows Sec-Fetch-Site to the worker says', { 'sec-fetch-site': 'same-site', origin: 'https://shop.atelier.test' }],
    ['a cross-site post without an Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with a 403 and keeps nothing', async (_label, headers) => {
    const form = new FormData();
    form.append('image', png('ao.png'));
    const { all, saved } = deps();
    const response = await receiveShare(new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form, headers }), all);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: 'Shares are accepted only from the system share sheet or from Atelier itself.', code: 'shareRefused' });
    expect(saved).toEqual([]);
    expect(all.prune).not.toHaveBeenCalled();
  });

  it('takes a share posted by the app itself', async () => {
    const form = new FormData();
    form.append('image', png('ao.png'));
    const { all, saved } = deps();
    const response = await receiveShare(new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form, headers: { origin: ORIGIN } }), all);
    expect(response.status).toBe(303);
    expect(saved).toHaveLength(1);
  });
});
