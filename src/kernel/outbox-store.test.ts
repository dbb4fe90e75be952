import { describe, expect, it, vi } from 'vitest';
import { fakeIdbStore } from '../../tests/fixtures/fake-idb-store.ts';
import { makeAsset, makeGeneration, tryOnInputs } from '../../tests/fixtures/test-data.ts';
import { outboxRef, outboxRefId, outboxRefsOf, substituteOutboxRefs } from './outbox-entries.ts';
import { createOutboxStore, OUTBOX_DONE_KEEP_MS, type OutboxStore } from './outbox-store.ts';

const T0 = Date.parse('2025-06-01T08:00:00Z');

function setup() {
  const fake = fakeIdbStore();
  let clock = T0;
  let ids = 0;
  const announce = vi.fn<() => void>();
  const outbox = createOutboxStore(fake.store, { now: () => clock, newId: () => `id-${++ids}`, announce });
  return { ...fake, outbox, announce, tick: (ms: number) => (clock += ms) };
}

const photo = (name = 'anh.png') => new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type: 'image/png' });

async function upload(outbox: OutboxStore, userId = 'u1', slot: string | null = '/image-editing#edit-images') {
  return outbox.enqueueUpload({ userId, blob: photo(), name: 'anh.png', type: 'image/png', role: 'image', purpose: 'input', slot });
}

/** Moves an upload to done, as the sender does. */
async function send(outbox: OutboxStore, id: string, assetId = `asset-of-${id}`) {
  await outbox.claim(id);
  await outbox.markUploadDone(id, makeAsset({ id: assetId }));
}

const editRequest = (...images: string[]) => ({ feature: 'image-editing' as const, inputs: { images }, params: { prompt: 'Đen trắng' } });

describe('outbox references', () => {
  it('name an upload, are found anywhere in a request, and are replaced by asset ids', () => {
    expect(outboxRef('abc')).toBe('outbox:abc');
    expect(outboxRefId('outbox:abc')).toBe('abc');
    expect(outboxRefId('asset-1')).toBeNull();
    expect(outboxRefId('outbox:')).toBeNull();
    const request = { feature: 'virtual-tryon', inputs: tryOnInputs('outbox:m', 'outbox:g', 'asset-9') };
    expect(outboxRefsOf(request)).toEqual(['m', 'g']);
    const sent = substituteOutboxRefs(
      request,
      new Map([
        ['m', 'asset-m'],
        ['g', 'asset-g'],
      ]),
    );
    expect(sent).toEqual({ feature: 'virtual-tryon', inputs: tryOnInputs('asset-m', 'asset-g', 'asset-9') });
    // The template itself is left as it was.
    expect(request.inputs.model).toBe('outbox:m');
  });
});

describe('the upload outbox', () => {
  it('keeps a file waiting with its facts, per account, oldest first, and announces it', async () => {
    const { outbox, announce, tick } = setup();
    const first = await upload(outbox);
    tick(1_000);
    await upload(outbox, 'u2');
    tick(1_000);
    const third = await upload(outbox);
    expect(first).toMatchObject({
      kind: 'upload',
      id: 'id-1',
      userId: 'u1',
      status: 'waiting',
      attempts: 0,
      name: 'anh.png',
      type: 'image/png',
      size: 7,
      role: 'image',
      purpose: 'input',
      released: false,
      createdAt: T0,
    });
    expect((await outbox.listOutbox('u1')).map((entry) => entry.id)).toEqual([first.id, third.id]);
    expect(await outbox.listOutbox()).toHaveLength(3);
    // The file itself is kept (a structured clone of the Blob).
    const stored = await outbox.getEntry(first.id);
    expect(stored?.kind === 'upload' && (await stored.blob.arrayBuffer()).byteLength).toBe(7);
    expect(announce).toHaveBeenCalledTimes(3);
  });

  it('claims a waiting entry once: a second sender finds it taken', async () => {
    const { outbox } = setup();
    const entry = await upload(outbox);
    expect(await outbox.claim(entry.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await outbox.claim(entry.id)).toBeUndefined();
    await outbox.markWaiting(entry.id);
    expect(await outbox.claim(entry.id)).toMatchObject({ status: 'sending', attempts: 2 });
  });

  it('puts entries left sending by a closed tab back to waiting', async () => {
    const { outbox } = setup();
    const entry = await upload(outbox);
    await outbox.claim(entry.id);
    expect(await outbox.resetStale()).toBe(1);
    expect(await outbox.getEntry(entry.id)).toMatchObject({ status: 'waiting', attempts: 1 });
  });

  it('keeps a sent file until its drop zone releases it, then forgets it', async () => {
    const { outbox, data } = setup();
    const entry = await upload(outbox);
    await send(outbox, entry.id, 'asset-7');
    expect(await outbox.getEntry(entry.id)).toMatchObject({ status: 'done', assetId: 'asset-7', asset: { id: 'asset-7' }, settledAt: T0 });
    await outbox.releaseOutboxEntry(entry.id);
    expect(data.size).toBe(0);
  });

  it('records why the server refused a file', async () => {
    const { outbox } = setup();
    const entry = await upload(outbox);
    await outbox.claim(entry.id);
    await outbox.markFailed(entry.id, { message: 'File is too large. Maximum size is 10MB.', status: 413, body: { code: 'tooLarge' } });
    expect(await outbox.getEntry(entry.id)).toMatchObject({
      status: 'failed',
      error: 'File is too large. Maximum size is 10MB.',
      errorStatus: 413,
      errorBody: { code: 'tooLarge' },
    });
  });

  it('cancels a waiting file, and the generation that needed it', async () => {
    const { outbox, data } = setup();
    const entry = await upload(outbox);
    const submit = await outbox.queueSubmit({ userId: 'u1', request: editRequest(outboxRef(entry.id)), locale: 'vi' });
    await outbox.cancelOutboxEntry(entry.id);
    expect(await outbox.getEntry(submit.id)).toBeUndefined();
    expect(data.size).toBe(0);
  });

  it('clears everything for the logout wipe', async () => {
    const { outbox, data } = setup();
    await upload(outbox);
    await outbox.queueSubmit({ userId: 'u1', request: editRequest(), locale: 'vi' });
    await outbox.clear();
    expect(data.size).toBe(0);
  });
});

describe('a queued generation', () => {
  it('is stored with its references and the uploads it waits for', async () => {
    const { outbox } = setup();
    const a = await upload(outbox);
    const b = await upload(outbox);
    const submit = await outbox.queueSubmit({ userId: 'u1', request: editRequest(outboxRef(a.id), 'asset-old', outboxRef(b.id)), locale: 'en' });
    expect(submit).toMatchObject({ kind: 'submit', status: 'waiting', feature: 'image-editing', entryIds: [a.id, b.id], locale: 'en', attempts: 0 });
    expect(await outbox.listSubmits('u1')).toHaveLength(1);
  });

  it('is refused at once when a file it names is not in the outbox', async () => {
    const { outbox } = setup();
    const submit = await outbox.queueSubmit({ userId: 'u1', request: editRequest(outboxRef('gone')), locale: 'vi' });
    expect(submit).toMatchObject({ status: 'failed', errorStatus: 0, errorBody: { code: 'uploadFailed' } });
  });

  it('holds its uploads after the drop zone let them go, until it is submitted', async () => {
    const { outbox } = setup();
    const entry = await upload(outbox);
    const submit = await outbox.queueSubmit({ userId: 'u1', request: editRequest(outboxRef(entry.id)), locale: 'vi' });
    await outbox.releaseOutboxEntry(entry.id);
    await send(outbox, entry.id);
    // Released and sent, but the generation still needs its asset id.
    expect(await outbox.getEntry(entry.id)).toMatchObject({ status: 'done', released: true });
    await outbox.claim(submit.id);
    await outbox.markSubmitDone(submit.id, makeGeneration({ id: 'job-9', feature: 'image-editing' }));
    expect(await outbox.getEntry(entry.id)).toBeUndefined();
    expect(await outbox.getEntry(submit.id)).toMatchObject({ status: 'done', generationId: 'job-9', job: { id: 'job-9' } });
    await outbox.forgetSubmit(submit.id);
    expect(await outbox.listSubmits()).toEqual([]);
  });

  it('when cancelled, takes only the uploads no drop zone shows with it', async () => {
    const { outbox } = setup();
    const shown = await upload(outbox);
    const letGo = await upload(outbox);
    const submit = await outbox.queueSubmit({ userId: 'u1', request: editRequest(outboxRef(shown.id), outboxRef(letGo.id)), locale: 'vi' });
    await outbox.releaseOutboxEntry(letGo.id);
    expect(await outbox.getEntry(letGo.id)).toBeDefined();
    await outbox.cancelQueuedSubmit(submit.id);
    expect((await outbox.listOutbox()).map((entry) => entry.id)).toEqual([shown.id]);
    expect(await outbox.listSubmits()).toEqual([]);
  });
});

describe('housekeeping', () => {
  it('forgets done entries after a day, unless a waiting generation still needs them', async () => {
    const { outbox, tick } = setup();
    const lonely = await upload(outbox);
    const needed = await upload(outbox);
    const pending = await upload(outbox);
    await outbox.queueSubmit({ userId: 'u1', request: editRequest(outboxRef(needed.id), outboxRef(pending.id)), locale: 'vi' });
    await send(outbox, lonely.id);
    await send(outbox, needed.id);
    tick(OUTBOX_DONE_KEEP_MS - 1);
    await outbox.prune();
    expect(await outbox.listOutbox()).toHaveLength(3);
    tick(2);
    await outbox.prune();
    expect((await outbox.listOutbox()).map((entry) => entry.id)).toEqual([needed.id, pending.id]);
  });
});
