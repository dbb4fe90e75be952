// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATION_EVENTS } from '../../contract/generations.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import { setTokenProvider } from '../../lib/api.ts';
import { applyStreamedGeneration, readEventStream, runGenerationStream, type StreamEvent } from './generation-stream.ts';
import { generationKeys, generationStreamLive, pollInterval, POLL_VISIBLE_MS, STREAM_SAFETY_POLL_MS } from './api.ts';
import { jsonResponse, makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';

/** A body that delivers `chunks` one by one, then stays open until `close()` (or ends at once with `end`). */
function body(chunks: string[], options: { end?: boolean } = {}) {
  let close!: () => void;
  const closed = new Promise<void>((resolve) => (close = resolve));
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!options.end) await closed;
      controller.close();
    },
  });
  return { stream, close };
}

const sse = (stream: ReadableStream<Uint8Array>) => new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
const event = (job: Generation) => `event: ${GENERATION_EVENTS.event}\ndata: ${JSON.stringify(job)}\n\n`;

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenProvider(() => null);
});

describe('readEventStream', () => {
  it('reads events split anywhere across chunks, CRLF or LF, with comments and multi-line data', async () => {
    const events: StreamEvent[] = [];
    let activity = 0;
    const { stream } = body(
      [': open\n\nevent: gene', 'ration\r\ndata: {"a":', '1}\r', '\n\r\n: ping\n\ndata: one\ndata: two\n\n', 'event: x\ndata:tight\n\n'],
      { end: true },
    );
    await readEventStream(
      stream,
      (item) => events.push(item),
      () => (activity += 1),
    );
    expect(events).toEqual([
      { event: 'generation', data: '{"a":1}' },
      { event: 'message', data: 'one\ntwo' },
      { event: 'x', data: 'tight' },
    ]);
    expect(activity).toBe(5);
  });
});

describe('applyStreamedGeneration', () => {
  it('puts a running job in its entry and the pending list, and an end takes it out of the pending list', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({})),
    );
    const client = createTestQueryClient();
    const running = makeGeneration({ id: 'j1', status: 'processing', progress: 10 });
    client.setQueryData(generationKeys.pending(), [makeGeneration({ id: 'j1', status: 'queued' })]);
    applyStreamedGeneration(client, running);
    expect(client.getQueryData(generationKeys.detail('j1'))).toEqual(running);
    expect(client.getQueryData<Generation[]>(generationKeys.pending())?.map((job) => job.progress)).toEqual([10]);

    const done = makeGeneration({ id: 'j1', status: 'completed', progress: 100 });
    applyStreamedGeneration(client, done);
    expect(client.getQueryData(generationKeys.detail('j1'))).toEqual(done);
    expect(client.getQueryData(generationKeys.pending())).toEqual([]);
  });

  it('leaves the caches alone for a job that ended before this tab saw it running', () => {
    const client = createTestQueryClient();
    const writes: string[] = [];
    client.getQueryCache().subscribe((change) => {
      if (change.type === 'updated' && change.action.type === 'success') writes.push(change.query.queryHash);
    });
    applyStreamedGeneration(client, makeGeneration({ id: 'j9', status: 'completed', progress: 100 }));
    expect(client.getQueryData(generationKeys.detail('j9'))).toBeUndefined();
    expect(writes).toEqual([]);
  });
});

describe('runGenerationStream', () => {
  it('sends the bearer token in a header (not the URL), feeds the cache, and polls rarely while the stream is open', async () => {
    setTokenProvider(() => 'token-123');
    const running = makeGeneration({ id: 'j2', status: 'processing', progress: 40 });
    const open = body([': open\n\n', event(running)]);
    const fetchMock = vi.fn<typeof fetch>(async () => sse(open.stream));
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    const stop = new AbortController();
    const done = runGenerationStream(client, stop.signal);

    await vi.waitFor(() => expect(client.getQueryData(generationKeys.detail('j2'))).toEqual(running));
    expect(generationStreamLive()).toBe(true);
    expect(pollInterval(running, null, false)).toBe(STREAM_SAFETY_POLL_MS);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(GENERATION_EVENTS.path);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-123' });

    stop.abort();
    open.close();
    await done;
    expect(generationStreamLive()).toBe(false);
    expect(pollInterval(running, null, false)).toBe(POLL_VISIBLE_MS);
  });

  it('falls back to polling when the stream cannot be opened, and tries again later', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const stop = new AbortController();
    const done = runGenerationStream(createTestQueryClient(), stop.signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(generationStreamLive()).toBe(false);
    expect(pollInterval(makeGeneration({ status: 'processing' }), null, false)).toBe(POLL_VISIBLE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop.abort();
    await done;
    vi.useRealTimers();
  });

  it('takes an answer that is no event stream for no stream, and gives up on a 401', async () => {
    vi.useFakeTimers();
    const answers = [jsonResponse({ items: [] }), jsonResponse({ message: 'Please sign in.', code: 'signInRequired' }, 401)];
    const fetchMock = vi.fn<typeof fetch>(async () => answers.shift() ?? jsonResponse({}, 500));
    vi.stubGlobal('fetch', fetchMock);
    const done = runGenerationStream(createTestQueryClient(), new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(generationStreamLive()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
