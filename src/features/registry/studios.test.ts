import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as enApp } from '../../locales/en/app.po';
import { messages as enSite } from '../../locales/en/site.po';
import { SW_TEXTS } from '../../../sw/job-texts.ts';
import { SERVICE_MENU, TOOL_SHOWCASE, TOOLS } from '../site/services.ts';
import { HISTORY_FILTER_ORDER, STUDIO_IDS, STUDIOS } from './studios.ts';

const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
const appEn = setupI18n({ locale: 'en', messages: { en: enApp } });
const siteEn = setupI18n({ locale: 'en', messages: { en: enSite } });
const sorted = (ids: readonly string[]) => ids.toSorted();

/** The studios of one tool: their name is the tool's name wherever a list names the tool. */
const SINGLE_TOOL = STUDIO_IDS.filter((id) => STUDIOS[id].features.length === 1);

describe('the studio registry', () => {
  it('orders the history filters over every studio, each once', () => {
    expect(sorted(HISTORY_FILTER_ORDER)).toEqual(sorted(STUDIO_IDS));
  });
});

/**
 * Lists that cannot import the registry keep its names by hand; these tests keep them in step.
 * The service worker may import only the contract and the kernel; the public site loads none of
 * the app (its pages carry the `site` catalog and their own, not the registry's `app` one).
 */
describe('names kept beside the registry', () => {
  it('the job notifications name each single-tool studio as the app does, in both languages', () => {
    for (const id of SINGLE_TOOL) {
      const [feature] = STUDIOS[id].features;
      expect(SW_TEXTS.vi.tools[feature!], id).toBe(vi._(STUDIOS[id].name));
      expect(SW_TEXTS.en.tools[feature!], id).toBe(appEn._(STUDIOS[id].name));
    }
  });

  it('the public site names each single-tool studio as the app does, in both languages', () => {
    for (const id of SINGLE_TOOL) {
      expect(vi._(TOOLS[id].name), id).toBe(vi._(STUDIOS[id].name));
      expect(siteEn._(TOOLS[id].name), id).toBe(appEn._(STUDIOS[id].name));
    }
  });

  it('the public site shows every studio once, and lists in its Services menu those with a landing page', () => {
    expect(sorted(TOOL_SHOWCASE)).toEqual(sorted(STUDIO_IDS));
    expect(sorted(SERVICE_MENU)).toEqual(sorted(STUDIO_IDS.filter((id) => TOOLS[id].to === `/services/${id}`)));
  });
});
