/**
 * Strict-Transport-Security on answers that travel over HTTPS (PUBLIC_URL https://, a TLS socket,
 * or the rightmost X-Forwarded-Proto, the one a trusted proxy appended), never on plain-http
 * localhost.
 */
import type { HttpBindings } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '../../server/http/security-headers.ts';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});

afterAll(async () => {
  await test.dispose();
});

const hsts = async (app: ReturnType<typeof createTestApp>, url: string, headers: Record<string, string> = {}, bindings?: HttpBindings) =>
  (await app.request(url, { headers }, bindings)).headers.get('strict-transport-security');

const TLS_SOCKET = { incoming: { socket: { remoteAddress: '203.0.113.9', encrypted: true } } } as unknown as HttpBindings;

describe(`Strict-Transport-Security (${DRIVER})`, () => {
  it('believes only the rightmost X-Forwarded-Proto: a client-written leftmost "https" does not turn it on', async () => {
    const proxied = createTestApp({ database: test.database, trustProxy: true });
    // The client wrote "https"; the proxy, which saw plain http, appended "http".
    expect(await hsts(proxied, 'http://atelier.example.com/api/health', { 'X-Forwarded-Proto': 'https, http' })).toBeNull();
    expect(await hsts(proxied, 'http://atelier.example.com/api/health', { 'X-Forwarded-Proto': 'https,https , http' })).toBeNull();
  });

  it('is sent on every answer when PUBLIC_URL is https, except to a loopback host name', async () => {
    const app = createTestApp({ database: test.database, env: { PUBLIC_URL: 'https://atelier.example.com' } });
    expect(await hsts(app, 'https://atelier.example.com/api/health')).toBe(HSTS_VALUE);
    // A 404 and a page too: the header is the site's, not an endpoint's.
    expect(await hsts(app, 'https://atelier.example.com/api/nothing-here')).toBe(HSTS_VALUE);
    expect(await hsts(app, 'http://localhost:8080/api/health')).toBeNull();
    expect(await hsts(app, 'http://127.0.0.1:8080/api/health')).toBeNull();
  });

  it('is never sent on the plain-http defaults', async () => {
    const app = createTestApp({ database: test.database });
    expect(await hsts(app, 'http://localhost:8080/api/health')).toBeNull();
    expect(await hsts(app, 'http://atelier.lan:8080/api/health')).toBeNull();
    // Without TRUST_PROXY, anyone can write X-Forwarded-Proto.
    expect(await hsts(app, 'http://atelier.lan:8080/api/health', { 'X-Forwarded-Proto': 'https' })).toBeNull();
  });

  it('follows a trusted proxy’s X-Forwarded-Proto, and a TLS socket', async () => {
    const proxied = createTestApp({ database: test.database, trustProxy: true });
    expect(await hsts(proxied, 'http://atelier.example.com/api/health', { 'X-Forwarded-Proto': 'https' })).toBe(HSTS_VALUE);
    expect(await hsts(proxied, 'http://atelier.example.com/api/health', { 'X-Forwarded-Proto': 'http' })).toBeNull();
    expect(await hsts(proxied, 'http://atelier.example.com/api/health')).toBeNull();
    // A proxy that appends: the client's own entries are on the left, the proxy's on the right.
    expect(await hsts(proxied, 'http://atelier.example.com/api/health', { 'X-Forwarded-Proto': 'http, https' })).toBe(HSTS_VALUE);

    const direct = createTestApp({ database: test.database });
    expect(await hsts(direct, 'https://atelier.example.com/api/health', {}, TLS_SOCKET)).toBe(HSTS_VALUE);
  });
});
