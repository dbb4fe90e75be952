import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as enApp } from '../../locales/en/app.po';
import { messages as enSite } from '../../locales/en/site.po';
import { MODE_FACTS, TOOL_MODES } from '../../contract/tools.ts';
import { TOOLS } from '../site/services.ts';
import { HISTORY_FILTER_ORDER, SIDEBAR_ORDER, STUDIO_IDS, STUDIOS } from './studios.ts';

const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
const appEn = setupI18n({ locale: 'en', messages: { en: enApp } });
const siteEn = setupI18n({ locale: 'en', messages: { en: enSite } });
const sorted = (ids: readonly string[]) => ids.toSorted();

/** The studios of one tool: their name is the tool's name wherever a list names the tool. */
const SINGLE_TOOL = STUDIO_IDS.filter((id) => STUDIOS[id].features.length === 1);

describe('the studio registry', () => {
  it('orders the sidebar and the history filters over every studio, each once', () => {
    expect(sorted(SIDEBAR_ORDER)).toEqual(sorted(STUDIO_IDS));
    expect(sorted(HISTORY_FILTER_ORDER)).toEqual(sorted(STUDIO_IDS));
  });

  it('runs in each studio the modes the tool catalogue gives it', () => {
    for (const id of STUDIO_IDS) for (const feature of STUDIOS[id].features) expect(TOOL_MODES[feature].tool, feature).toBe(id);
    expect(STUDIO_IDS.flatMap((id) => STUDIOS[id].features).toSorted()).toEqual(sorted(Object.keys(TOOL_MODES)));
  });
});

/**
 * Names that cannot come from the registry; these tests keep them in step. The service worker
 * reads the tool catalogue's plain names (it may import only the contract and the kernel); the
 * public site loads none of the app (its pages carry the `site` catalog and their own, not the
 * registry's `app` one).
 */
describe('names kept beside the registry', () => {
  it('the job notifications name each single-tool studio as the app does, in both languages', () => {
    for (const id of SINGLE_TOOL) {
      const [feature] = STUDIOS[id].features;
      expect(MODE_FACTS[feature!].names.vi, id).toBe(vi._(STUDIOS[id].name));
      expect(MODE_FACTS[feature!].names.en, id).toBe(appEn._(STUDIOS[id].name));
    }
  });

  it('the public site names each single-tool studio as the app does, in both languages', () => {
    for (const id of SINGLE_TOOL) {
      expect(vi._(TOOLS[id].name), id).toBe(vi._(STUDIOS[id].name));
      expect(siteEn._(TOOLS[id].name), id).toBe(appEn._(STUDIOS[id].name));
    }
  });
});
