import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createOriginResolver } from './origin.ts';

const DEFAULT = 'http://localhost:8080';
const unset = { publicUrl: DEFAULT, publicUrlSet: false, host: '127.0.0.1', port: 8080 };

describe('the origin links are made with', () => {
  it('is the one the person came from when it is this server (PUBLIC_URL unset)', () => {
    const origin = createOriginResolver(unset);
    expect(origin('127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(origin('localhost:8080')).toBe('http://localhost:8080');
    expect(origin('LOCALHOST:8080')).toBe('http://localhost:8080');
    expect(origin('[::1]:8080')).toBe('http://[::1]:8080');
    expect(origin('shop.localhost:8080')).toBe('http://shop.localhost:8080');
  });

  it('is the default for any host this server does not answer to as itself, a wrong port or a malformed Host', () => {
    const origin = createOriginResolver(unset);
    for (const host of [
      'evil.example:8080',
      'evil.example',
      '127.0.0.1:9999',
      '127.0.0.1',
      '10.0.0.5:8080',
      'a@127.0.0.1:8080',
      '127.0.0.1:8080/x',
      '',
      ' ',
      'localhost:8080?x=1',
      undefined,
    ]) {
      expect(origin(host), String(host)).toBe(DEFAULT);
    }
  });

  it("takes the machine's own interface addresses when HOST is a wildcard (a tablet on the shop's network)", () => {
    const origin = createOriginResolver({ ...unset, host: '0.0.0.0' });
    const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address, family } of addresses) {
      const shown = family === 'IPv6' ? `[${address.toLowerCase()}]` : address;
      expect(origin(`${shown}:8080`), address).toBe(`http://${shown}:8080`);
    }
    expect(origin('203.0.113.9:8080')).toBe(DEFAULT);
  });

  it('takes the address or name HOST binds', () => {
    expect(createOriginResolver({ ...unset, host: 'studio.lan' })('studio.lan:8080')).toBe('http://studio.lan:8080');
    expect(createOriginResolver({ ...unset, host: '192.0.2.7' })('192.0.2.7:8080')).toBe('http://192.0.2.7:8080');
    expect(createOriginResolver({ ...unset, host: '192.0.2.7' })('192.0.2.8:8080')).toBe(DEFAULT);
  });

  it('omits port 80 and, with port 0 (a free port), takes the port asked for', () => {
    expect(createOriginResolver({ ...unset, port: 80 })('localhost')).toBe('http://localhost');
    expect(createOriginResolver({ ...unset, port: 0 })('127.0.0.1:41234')).toBe('http://127.0.0.1:41234');
  });

  it('is always PUBLIC_URL when it is set', () => {
    const origin = createOriginResolver({ ...unset, publicUrl: 'https://atelier.example', publicUrlSet: true });
    expect(origin('127.0.0.1:8080')).toBe('https://atelier.example');
    expect(origin(undefined)).toBe('https://atelier.example');
  });
});
