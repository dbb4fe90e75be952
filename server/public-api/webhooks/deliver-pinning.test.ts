/**
 * The POST connects to the address the policy approved, not to whatever a second DNS query would
 * answer: the name below resolves (for the policy's check, mocked here) to the loopback receiver
 * only; the system resolver knows nothing of it, so reaching the receiver proves the pin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliver } from './deliver.ts';

const PINNED_NAME = 'hooks.shop.invalid';
/** A dual-stack name whose first address has nothing listening (IPv6 loopback, a closed port's peer). */
const DUAL_NAME = 'dual.shop.invalid';

vi.mock('node:dns/promises', () => ({
  lookup: async (host: string) => {
    if (host === PINNED_NAME) return [{ address: '127.0.0.1', family: 4 }];
    if (host === DUAL_NAME)
      return [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  },
}));

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('the webhook connection', () => {
  it('goes to the approved address, with the URL host in the Host header', async () => {
    let host: string | undefined;
    server = createServer((request, response) => {
      host = request.headers.host;
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const outcome = await deliver({ url: `http://${PINNED_NAME}:${port}/hook`, headers: {}, body: '{}', policy: { allowLocal: true } });
    expect(outcome).toEqual({ statusCode: 200, error: null, delivered: true });
    expect(host).toBe(`${PINNED_NAME}:${port}`);
  });

  it('tries every approved address in turn: a dual-stack host whose first address does not answer is reached on the next', async () => {
    server = createServer((_request, response) => response.writeHead(204).end());
    // Listening on IPv4 loopback only: the connection to [::1] on this port is refused.
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const outcome = await deliver({ url: `http://${DUAL_NAME}:${port}/hook`, headers: {}, body: '{}', policy: { allowLocal: true } });
    expect(outcome).toEqual({ statusCode: 204, error: null, delivered: true });
  });

  it('is refused when the name resolves to a private address in production', async () => {
    const outcome = await deliver({ url: `https://${PINNED_NAME}/hook`, headers: {}, body: '{}', policy: { allowLocal: false } });
    expect(outcome).toEqual({ statusCode: null, error: `refused: ${PINNED_NAME} resolves to a private address`, delivered: false });
  });
});
