import { describe, expect, it } from 'vitest';
import { isShareFromAppOrSheet, type ShareSender } from './share-target.ts';

const APP = 'https://atelier.test';
const fromApp = (origin: string) => origin === APP;
const sender = (fetchSite: string | null, origin: string | null, referrer = ''): ShareSender => ({ fetchSite, origin, referrer });

describe('who may post to the share target', () => {
  it.each([
    ['the share sheet (a launch by the browser itself)', sender('none', null)],
    ['the share sheet with an opaque origin', sender('none', 'null')],
    ['the app itself', sender('same-origin', APP, `${APP}/dashboard`)],
    ['the app, seen from a service worker (no Sec-Fetch-Site there)', sender(null, APP, `${APP}/dashboard`)],
    ['the share sheet, seen from a service worker', sender(null, 'null')],
    ['a client that says nothing (no browser: no one to trick)', sender(null, null)],
  ])('accepts %s', (_label, from) => {
    expect(isShareFromAppOrSheet(from, fromApp)).toBe(true);
  });

  it.each([
    ['another site', sender('cross-site', 'https://evil.test', 'https://evil.test/')],
    ['a sibling subdomain', sender('same-site', 'https://shop.atelier.test', 'https://shop.atelier.test/')],
    ['another site, even without an Origin', sender('cross-site', null)],
    ['another site, seen from a service worker', sender(null, 'https://evil.test', 'https://evil.test/')],
    ['another site that claims to be the browser', sender('none', 'https://evil.test')],
    ['a sandboxed page of another site', sender('cross-site', 'null')],
    ['a sandboxed page, seen from a service worker', sender(null, 'null', 'https://evil.test/frame')],
  ])('refuses %s', (_label, from) => {
    expect(isShareFromAppOrSheet(from, fromApp)).toBe(false);
  });
});
