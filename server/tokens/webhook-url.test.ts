import { describe, expect, it } from 'vitest';
import { isAllowedWebhookUrl, isPrivateAddress, resolveWebhookHost } from './webhook-url.ts';

const production = { allowLocal: false };
const development = { allowLocal: true };

describe('webhook URLs', () => {
  it('knows private and public addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
    expect(isPrivateAddress('not an ip')).toBe(true);
  });

  it('in production takes only https to a public host', () => {
    expect(isAllowedWebhookUrl('https://shop.example.com/hooks/atelier', production)).toBe(true);
    expect(isAllowedWebhookUrl('https://8.8.8.8/hook', production)).toBe(true);
    for (const url of [
      'http://shop.example.com/hook',
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://printer.local/hook',
      'https://intranet/hook',
      'https://user:pass@shop.example.com/hook',
      'ftp://shop.example.com/hook',
      'not a url',
    ]) {
      expect(isAllowedWebhookUrl(url, production), url).toBe(false);
    }
  });

  it('outside production also takes http and local receivers', () => {
    expect(isAllowedWebhookUrl('http://127.0.0.1:4010/hook', development)).toBe(true);
    expect(isAllowedWebhookUrl('http://localhost/hook', development)).toBe(true);
    expect(isAllowedWebhookUrl('ftp://localhost/hook', development)).toBe(false);
  });

  it('refuses a host that resolves to a private address in production, at send time', async () => {
    await expect(resolveWebhookHost('127.0.0.1', production)).rejects.toThrow(/private/);
    await expect(resolveWebhookHost('localhost', production)).rejects.toThrow(/private|resolve/);
    await expect(resolveWebhookHost('[::1]', production)).rejects.toThrow(/private/);
    expect(await resolveWebhookHost('127.0.0.1', development)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await resolveWebhookHost('8.8.8.8', production)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});
