import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { deliver, ERROR_TEXT_MAX, shortText } from './deliver.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A loopback receiver; answers with `respond` and counts its connections. */
async function receiver(respond: Parameters<typeof createServer>[1]): Promise<{ url: string; connections: () => number }> {
  const server = createServer(respond);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, connections: () => connections };
}

const local = { allowLocal: true };
const production = { allowLocal: false };

describe('one webhook POST', () => {
  it('is delivered on a 2xx, with the body and headers given', async () => {
    let seen: { body: string; type: string | undefined } | undefined;
    const target = await receiver((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen = { body, type: request.headers['content-type'] };
        response.writeHead(204).end();
      });
    });
    const outcome = await deliver({ url: target.url, headers: { 'content-type': 'application/json' }, body: '{"a":1}', policy: local });
    expect(outcome).toEqual({ statusCode: 204, error: null, delivered: true });
    expect(seen).toEqual({ body: '{"a":1}', type: 'application/json' });
  });

  it('does not follow a redirect, and keeps only a short text of the answer', async () => {
    const target = await receiver((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/' }).end(`moved\u0000${'x'.repeat(5_000)}`);
    });
    const outcome = await deliver({ url: target.url, headers: {}, body: '{}', policy: local });
    expect(outcome.delivered).toBe(false);
    expect(outcome.statusCode).toBe(302);
    expect(outcome.error).toMatch(/^HTTP 302 Found: moved x+…$/);
    expect(outcome.error?.length).toBe(ERROR_TEXT_MAX);
  });

  it('gives up after its timeout', async () => {
    const target = await receiver(() => {
      // Never answers.
    });
    const outcome = await deliver({ url: target.url, headers: {}, body: '{}', policy: local, timeoutMs: 200 });
    expect(outcome).toEqual({ statusCode: null, error: 'timed out after 200 ms', delivered: false });
  });

  it('in production refuses http and private addresses without connecting', async () => {
    const target = await receiver((_request, response) => response.end());
    const http = await deliver({ url: target.url, headers: {}, body: '{}', policy: production });
    expect(http.error).toMatch(/https/);
    const https = await deliver({ url: target.url.replace('http:', 'https:'), headers: {}, body: '{}', policy: production });
    expect(https).toEqual({ statusCode: null, error: 'refused: 127.0.0.1 resolves to a private address', delivered: false });
    expect(target.connections()).toBe(0);
  });

  it('says why the connection failed', async () => {
    const target = await receiver((_request, response) => response.end());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const outcome = await deliver({ url: target.url, headers: {}, body: '{}', policy: local });
    expect(outcome).toMatchObject({ statusCode: null, delivered: false, error: expect.stringContaining('ECONNREFUSED') });
  });

  it('makes error text storable', () => {
    expect(shortText('a\u0000b\r\nc')).toBe('a b c');
  });
});
