import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, DEFAULT_TIMEOUT_MS, errorMessage, openStream, setRefusedTokenHandler, setTokenProvider } from './api.ts';

describe('errorMessage', () => {
  it('takes message for GET and detail for other methods', () => {
    expect(errorMessage('GET', 404, { message: 'Not found' })).toBe('Not found');
    expect(errorMessage('POST', 400, { detail: 'Bad input' })).toBe('Bad input');
  });
  it('falls back to the status text of the product rules', () => {
    expect(errorMessage('POST', 502, 'oops')).toBe('API request failed with status: 502');
    expect(errorMessage('GET', 500, { message: '' })).toBe('API request failed with status: 500');
  });
});

describe('api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenProvider(() => null);
    setRefusedTokenHandler(() => {});
  });

  it('sends the bearer token, no-cache headers on GET, and parses JSON', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    setTokenProvider(() => 'tok');
    await expect(api.get('/api/health')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/health');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Cache-Control']).toBe('no-cache');
  });

  it('gives a call 120 s unless it names its own timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 })),
    );
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      await api.get('/api/assets');
      await api.post('/api/generations', {}, { timeoutMs: 5_000 });
      expect(DEFAULT_TIMEOUT_MS).toBe(120_000);
      expect(timeout.mock.calls).toEqual([[120_000], [5_000]]);
    } finally {
      timeout.mockRestore();
    }
  });

  it('throws an ApiError with status and body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ detail: 'Nope' }), { status: 422 })),
    );
    const error = await api.post('/auth/login', { username: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Nope', body: { detail: 'Nope' } });
  });

  it('tells the session which token a 401 refused, for calls and streams; not for other errors, a call without a token or one that handles it', async () => {
    const refused: string[] = [];
    setRefusedTokenHandler((token) => refused.push(token));
    let status = 401;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ message: 'Session expired', code: 'sessionExpired' }), { status })),
    );
    setTokenProvider(() => 'token-1');
    await api.get('/api/assets').catch(() => undefined);
    await openStream('/api/generations/events', new AbortController().signal).catch(() => undefined);
    status = 403;
    await api.get('/api/admin/users').catch(() => undefined);
    status = 401;
    await api.get('/auth/profile', { ownsRefusal: true }).catch(() => undefined);
    setTokenProvider(() => null);
    await api.post('/auth/login', { username: 'a' }).catch(() => undefined);
    expect(refused).toEqual(['token-1', 'token-1']);
  });
});
