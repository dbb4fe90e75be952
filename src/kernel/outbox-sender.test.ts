import { describe, expect, it, vi } from 'vitest';
import { fakeIdbStore } from '../../tests/fixtures/fake-idb-store.ts';
import { jsonResponse, makeAsset, makeGeneration } from '../../tests/fixtures/test-data.ts';
import { createOutboxSender, MAX_RETRY_AFTER_MS, retryAfterMs, type LockManagerLike, type OutboxSenderDeps } from './outbox-sender.ts';
import { outboxRef } from './outbox-entries.ts';
import { createOutboxStore, type OutboxStore } from './outbox-store.ts';

/**
 * The sender against a fake API that behaves like the server's Idempotency-Key handling: the
 * first upload of a key stores an asset (201), a repeat answers that asset (200).
 */

const AUTH = { token: 'token-u1', userId: 'u1' };

interface Call {
  url: string;
  key: string | null;
  authorization: string | null;
  fields: Record<string, string>;
  fileName?: string;
  json?: unknown;
}

type Mode = 'ok' | 'offline' | 'lose-answer' | { status: number; body: unknown; headers?: Record<string, string> };

function fakeApi() {
  const calls: Call[] = [];
  const assetsByKey = new Map<string, string>();
  const jobsByKey = new Map<string, string>();
  let mode: Mode = 'ok';
  let inFlight = 0;
  let maxInFlight = 0;

  const fetch = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(async (input, init) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      // A turn of the event loop: concurrent requests overlap as they would on a network.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const headers = new Headers(init?.headers);
      const call: Call = { url: String(input), key: headers.get('Idempotency-Key'), authorization: headers.get('Authorization'), fields: {} };
      if (init?.body instanceof FormData) {
        for (const [name, value] of init.body.entries()) {
          if (typeof value === 'string') call.fields[name] = value;
          else call.fileName = value.name;
        }
      } else if (typeof init?.body === 'string') call.json = JSON.parse(init.body);
      calls.push(call);
      if (mode === 'offline') throw new TypeError('Failed to fetch');
      if (typeof mode === 'object') {
        const response = jsonResponse(mode.body, mode.status);
        for (const [name, value] of Object.entries(mode.headers ?? {})) response.headers.set(name, value);
        return response;
      }
      const key = call.key ?? 'none';
      let response: Response;
      if (call.url.endsWith('/api/media')) {
        const known = assetsByKey.get(key);
        const id = known ?? `asset-${assetsByKey.size + 1}`;
        assetsByKey.set(key, id);
        response = jsonResponse(makeAsset({ id, name: call.fileName ?? 'file' }), known ? 200 : 201);
      } else {
        const known = jobsByKey.get(key);
        const id = known ?? `job-${jobsByKey.size + 1}`;
        jobsByKey.set(key, id);
        response = jsonResponse(makeGeneration({ id, feature: 'image-editing' }), known ? 200 : 201);
      }
      // The server did its work, but the answer never arrives.
      if (mode === 'lose-answer') throw new TypeError('Network connection lost');
      return response;
    } finally {
      inFlight -= 1;
    }
  });

  return {
    fetch,
    calls,
    assetsByKey,
    jobsByKey,
    setMode: (next: Mode) => void (mode = next),
    maxInFlight: () => maxInFlight,
  };
}

/** One exclusive lock shared by every sender given it, like navigator.locks across a page and its service worker. */
function sharedLock(): LockManagerLike & { held: () => number } {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  return {
    request<T>(_name: string, callback: () => Promise<T>) {
      const previous = tail;
      const run = (async () => {
        await previous.catch(() => undefined);
        held += 1;
        try {
          return await callback();
        } finally {
          held -= 1;
        }
      })();
      tail = run.catch(() => undefined);
      return run;
    },
    held: () => held,
  };
}

function setup(options: { locks?: LockManagerLike } = {}) {
  const fake = fakeIdbStore();
  let ids = 0;
  const clock = { at: Date.parse('2026-03-01T10:00:00.000Z') };
  const store = createOutboxStore(fake.store, { newId: () => `entry-${++ids}`, now: () => clock.at });
  const api = fakeApi();
  const onSubmitted = vi.fn<NonNullable<OutboxSenderDeps['onSubmitted']>>();
  const sender = (locks = options.locks ?? sharedLock()) =>
    createOutboxSender({ store, auth: async () => AUTH, fetch: api.fetch as unknown as typeof fetch, locks, onSubmitted, now: () => clock.at });
  return { ...fake, store, api, onSubmitted, sender, clock };
}

async function queue(store: OutboxStore, count = 1, userId = 'u1') {
  const entries = [];
  for (let index = 0; index < count; index++) {
    entries.push(
      await store.enqueueUpload({
        userId,
        blob: new File([new Uint8Array([255, 216, 255, index])], `anh-${index}.jpg`, { type: 'image/jpeg' }),
        name: `anh-${index}.jpg`,
        role: 'image',
        purpose: 'input',
        slot: '/image-editing#edit-images',
        apiBase: 'https://api.example',
      }),
    );
  }
  return entries;
}

/** A 429 with these headers. */
function answer(headers: Record<string, string>): Response {
  return new Response(null, { status: 429, headers });
}

describe('sending uploads', () => {
  it('posts each file like the studio does, with its id as the Idempotency-Key, and keeps its asset', async () => {
    const { store, api, sender } = setup();
    const [entry] = await queue(store);
    const report = await sender().flush();
    expect(report).toMatchObject({ uploaded: 1, failed: 0, waiting: 0, stopped: null });
    expect(api.calls).toEqual([
      {
        url: 'https://api.example/api/media',
        key: entry!.id,
        authorization: 'Bearer token-u1',
        fields: { purpose: 'input', role: 'image' },
        fileName: 'anh-0.jpg',
      },
    ]);
    expect(await store.getEntry(entry!.id)).toMatchObject({ status: 'done', assetId: 'asset-1', asset: { id: 'asset-1', name: 'anh-0.jpg' } });
  });

  it('keeps files waiting when there is no network, and stops trying for this run', async () => {
    const { store, api, sender } = setup();
    const entries = await queue(store, 5);
    api.setMode('offline');
    const report = await sender().flush();
    expect(report).toMatchObject({ uploaded: 0, waiting: 5, stopped: 'offline' });
    // At most one request per worker went out before the run stopped.
    expect(api.calls.length).toBeLessThanOrEqual(3);
    for (const entry of entries) expect(await store.getEntry(entry.id)).toMatchObject({ status: 'waiting' });
  });

  it('marks a file the server refuses (4xx) failed with its message; 408, 429 and 5xx wait', async () => {
    const { store, api, sender } = setup();
    const [refused] = await queue(store);
    api.setMode({ status: 422, body: { detail: 'This file could not be read.', code: 'unreadableFile' } });
    expect(await sender().flush()).toMatchObject({ failed: 1, stopped: null });
    expect(await store.getEntry(refused!.id)).toMatchObject({
      status: 'failed',
      error: 'This file could not be read.',
      errorStatus: 422,
      errorBody: { code: 'unreadableFile' },
    });

    for (const status of [408, 429, 503]) {
      const [entry] = await queue(store);
      api.setMode({ status, body: { detail: 'Try later' } });
      expect(await sender().flush()).toMatchObject({ stopped: 'server' });
      expect(await store.getEntry(entry!.id)).toMatchObject({ status: 'waiting' });
      await store.cancelOutboxEntry(entry!.id);
    }
  });

  it('treats a full storage quota (413 storageFull) as final: failed with the server’s body, never sent again', async () => {
    const { store, api, sender } = setup();
    const [entry] = await queue(store);
    const body = {
      detail: 'Not enough storage: 4.9 GB of 5 GB used. Delete some files from your library to upload this one.',
      code: 'storageFull',
      used_bytes: 4_900_000_000,
      limit_bytes: 5_000_000_000,
      file_bytes: 120_000_000,
    };
    api.setMode({ status: 413, body });
    expect(await sender().flush()).toMatchObject({ failed: 1, waiting: 0, stopped: null, retryAt: null });
    expect(await store.getEntry(entry!.id)).toMatchObject({ status: 'failed', errorStatus: 413, errorBody: body });
    api.setMode('ok');
    await sender().flush();
    expect(api.calls).toHaveLength(1);
  });

  it('holds files back after a 429 until its Retry-After, then sends them', async () => {
    const { store, api, sender, clock } = setup();
    const entries = await queue(store, 2);
    api.setMode({
      status: 429,
      body: { detail: 'You have uploaded a lot in the last hour. Please wait 20 minutes and try again.', code: 'tooManyUploads', retry_after_seconds: 1200 },
      headers: { 'Retry-After': '1200' },
    });
    const refused = await sender().flush();
    expect(refused).toMatchObject({ uploaded: 0, failed: 0, waiting: 2, stopped: 'server', retryAt: clock.at + 1_200_000 });
    const sent = api.calls.length;
    expect(sent).toBeGreaterThanOrEqual(1);
    for (const entry of entries) expect(await store.getEntry(entry.id)).toMatchObject({ status: 'waiting' });

    // Another run before the time (the `online` event, a sync) sends nothing.
    api.setMode('ok');
    clock.at += 1_199_000;
    const early = await sender().flush();
    expect(api.calls.length).toBe(sent);
    expect(early.waiting).toBe(2);
    expect(early.retryAt).toBe(refused.retryAt);
    expect(early.stopped).toBe('server');

    clock.at += 1_000;
    expect(await sender().flush()).toMatchObject({ uploaded: 2, waiting: 0, stopped: null, retryAt: null });
    for (const entry of entries) expect((await store.getEntry(entry.id))?.status).toBe('done');
  });

  it('reads a Retry-After given as a date, or only in the body, and caps an absurd one at a day', () => {
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    expect(retryAfterMs(answer({ 'Retry-After': 'Sun, 01 Mar 2026 10:05:00 GMT' }), undefined, now)).toBe(300_000);
    expect(retryAfterMs(answer({}), { retry_after_seconds: 90 }, now)).toBe(90_000);
    expect(retryAfterMs(answer({}), { detail: 'slow down' }, now)).toBeUndefined();
    expect(retryAfterMs(answer({ 'Retry-After': '99999999' }), undefined, now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(answer({ 'Retry-After': 'Sun, 01 Mar 2026 09:00:00 GMT' }), undefined, now)).toBe(0);
  });

  it('keeps files waiting on a 401: only a working session sends them', async () => {
    const { store, api, sender } = setup();
    const [entry] = await queue(store);
    api.setMode({ status: 401, body: { detail: 'Could not validate credentials' } });
    expect(await sender().flush()).toMatchObject({ stopped: 'signed-out' });
    expect(await store.getEntry(entry!.id)).toMatchObject({ status: 'waiting', attempts: 1 });
  });

  it('sends nothing without a session', async () => {
    const { store, api } = setup();
    await queue(store);
    const sender = createOutboxSender({ store, auth: async () => null, fetch: api.fetch as unknown as typeof fetch, locks: sharedLock() });
    expect(await sender.flush()).toMatchObject({ stopped: 'signed-out' });
    expect(api.calls).toEqual([]);
  });

  it('sends only the files of the signed-in account', async () => {
    const { store, api, sender } = setup();
    await queue(store, 1, 'someone-else');
    const [mine] = await queue(store, 1);
    await sender().flush();
    expect(api.calls.map((call) => call.key)).toEqual([mine!.id]);
  });

  it('a replay after a lost answer gets the first asset (200): one asset on the server', async () => {
    const { store, api, sender } = setup();
    const [entry] = await queue(store);
    api.setMode('lose-answer');
    expect(await sender().flush()).toMatchObject({ stopped: 'offline', waiting: 1 });
    expect(api.assetsByKey.size).toBe(1);
    api.setMode('ok');
    expect(await sender().flush()).toMatchObject({ uploaded: 1 });
    expect(api.calls.map((call) => call.key)).toEqual([entry!.id, entry!.id]);
    expect(api.assetsByKey.size).toBe(1);
    expect(await store.getEntry(entry!.id)).toMatchObject({ status: 'done', assetId: 'asset-1', attempts: 2 });
  });

  it('uploads a few at a time', async () => {
    const { store, api, sender } = setup();
    await queue(store, 8);
    expect(await sender().flush()).toMatchObject({ uploaded: 8 });
    expect(api.maxInFlight()).toBe(3);
  });
});

describe('the lock', () => {
  it('lets a page and the service worker flush at once without sending any file twice', async () => {
    const { store, api, sender } = setup();
    const entries = await queue(store, 6);
    const lock = sharedLock();
    const page = sender(lock);
    const worker = sender(lock);
    const reports = await Promise.all([page.flush(), worker.flush(), page.flush()]);
    expect(reports.reduce((sum, report) => sum + report.uploaded, 0)).toBe(6);
    expect(api.calls).toHaveLength(6);
    expect(new Set(api.calls.map((call) => call.key))).toEqual(new Set(entries.map((entry) => entry.id)));
    expect(lock.held()).toBe(0);
  });

  it('does hold the lock while sending', async () => {
    const { store, api, sender } = setup();
    await queue(store, 1);
    const lock = sharedLock();
    let heldDuringRequest = 0;
    api.fetch.mockImplementationOnce(async () => {
      heldDuringRequest = lock.held();
      return jsonResponse(makeAsset({ id: 'asset-1' }), 201);
    });
    await sender(lock).flush();
    expect(heldDuringRequest).toBe(1);
  });
});

const request = (...images: string[]) => ({ feature: 'image-editing' as const, inputs: { images }, params: { prompt: 'Đen trắng' } });

describe('a queued generation', () => {
  it('waits for its uploads, then is submitted once with their asset ids and its own key', async () => {
    const { store, api, sender, onSubmitted } = setup();
    const [a, b] = await queue(store, 2);
    const submit = await store.queueSubmit({
      userId: 'u1',
      request: request(outboxRef(a!.id), 'asset-old', outboxRef(b!.id)),
      locale: 'vi',
      apiBase: 'https://api.example',
    });

    api.setMode('offline');
    await sender().flush();
    expect(await store.getEntry(submit.id)).toMatchObject({ status: 'waiting' });

    api.setMode('ok');
    expect(await sender().flush()).toMatchObject({ uploaded: 2, submitted: 1, waiting: 0 });
    const posted = api.calls.filter((call) => call.url.endsWith('/api/generations'));
    expect(posted).toEqual([
      {
        url: 'https://api.example/api/generations',
        key: submit.id,
        authorization: 'Bearer token-u1',
        fields: {},
        json: { feature: 'image-editing', inputs: { images: ['asset-1', 'asset-old', 'asset-2'] }, params: { prompt: 'Đen trắng' } },
      },
    ]);
    expect(onSubmitted).toHaveBeenCalledOnce();
    expect(onSubmitted.mock.calls[0]![1]).toMatchObject({ id: 'job-1' });
    expect(await store.getEntry(submit.id)).toMatchObject({ status: 'done', generationId: 'job-1' });

    // Nothing is sent twice.
    await sender().flush();
    expect(api.calls.filter((call) => call.url.endsWith('/api/generations'))).toHaveLength(1);
    expect(api.jobsByKey.size).toBe(1);
  });

  it('fails without being sent when one of its uploads was refused', async () => {
    const { store, api, sender } = setup();
    const [entry] = await queue(store);
    const submit = await store.queueSubmit({ userId: 'u1', request: request(outboxRef(entry!.id)), locale: 'vi' });
    api.setMode({ status: 415, body: { detail: 'Invalid file type.', code: 'invalidType' } });
    await sender().flush();
    expect(await store.getEntry(submit.id)).toMatchObject({ status: 'failed', errorStatus: 0, errorBody: { code: 'uploadFailed' } });
    expect(api.calls.filter((call) => call.url.endsWith('/api/generations'))).toEqual([]);
  });

  it('records a refused submit (402) with the server’s body', async () => {
    const { store, api, sender } = setup();
    const submit = await store.queueSubmit({ userId: 'u1', request: request('asset-1'), locale: 'vi' });
    const body = { detail: 'Insufficient credits.', code: 'insufficientCredits', balance: 0, cost: 1, shortage: 1 };
    api.setMode({ status: 402, body });
    await sender().flush();
    expect(await store.getEntry(submit.id)).toMatchObject({ status: 'failed', errorStatus: 402, errorBody: body });
  });
});
