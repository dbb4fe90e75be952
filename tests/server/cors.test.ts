/** CORS: only the configured exact origins, no credentials, bearer-token headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

const ALLOWED = 'https://studio.example.com';
let test: TestDatabase;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  test = await createTestDatabase();
  app = createTestApp({ database: test.database, corsOrigins: [ALLOWED, 'http://localhost:5173'] });
});

afterAll(async () => {
  await test.dispose();
});

describe('CORS', () => {
  it('admits a listed origin, without credentials', async () => {
    const response = await app.request('/api/health', { headers: { Origin: ALLOWED } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('does not admit another origin', async () => {
    for (const origin of ['https://evil.example.com', 'https://studio.example.com.evil.net', 'http://studio.example.com']) {
      const response = await app.request('/api/health', { headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers a preflight for a listed origin with the allowed methods and bearer headers', async () => {
    const response = await app.request('/auth/login', {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('gives a preflight from another origin no allow-origin', async () => {
    const response = await app.request('/api/health', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds no CORS headers to pages, nor anywhere when no origin is configured', async () => {
    const page = await app.request('/dashboard', { headers: { Origin: ALLOWED } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();

    const closed = createTestApp({ database: test.database });
    const response = await closed.request('/api/health', { headers: { Origin: ALLOWED } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await closed.request('/api/health', { method: 'OPTIONS', headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(404);
  });
});
