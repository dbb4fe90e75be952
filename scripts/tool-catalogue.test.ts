import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDIT_PRICES } from '../src/contract/prices.ts';
import { landingPath, legacyPath, studioPath, TOOL_LIST } from '../src/contract/tools.ts';
import { CATALOGUE_PATH, EIGHTH_TOOL, ROOT, withEighthTool } from './eighth-tool.ts';

/**
 * The tool catalogue (src/contract/tools.ts) is the one list of the tools: with an eighth tool in
 * a scratch copy of it, every list derived from it has the tool, and equals what the catalogue
 * says. A list written by hand again would miss the eighth tool and fail here.
 */

/** Whether the route file of a path exists under a layout's folder of src/routes. */
const routeFile = (layout: string, path: string) => existsSync(join(ROOT, 'src/routes', layout, `${path}.tsx`));

describe('the tool catalogue', () => {
  it('has a route file for each studio, and for its landing and legacy pages exactly when it says so', () => {
    expect(TOOL_LIST.map((tool) => ({ id: tool.id, studio: true, landing: tool.landing, legacy: tool.legacy }))).toEqual(
      TOOL_LIST.map((tool) => ({
        id: tool.id,
        studio: routeFile('_app/_studio', studioPath(tool.id)),
        landing: routeFile('_site', landingPath(tool.id)),
        legacy: routeFile('_site', legacyPath(tool.id)),
      })),
    );
  });
});

type Catalogue = typeof import('../src/contract/tools.ts');
let scratchDir = '';
let catalogue: Catalogue;

beforeAll(async () => {
  scratchDir = await mkdtemp(join(tmpdir(), 'atelier-catalogue-'));
  const scratch = join(scratchDir, 'tools.ts');
  await writeFile(scratch, withEighthTool(await readFile(CATALOGUE_PATH, 'utf8'), dirname(CATALOGUE_PATH)));
  vi.resetModules();
  vi.doMock(CATALOGUE_PATH, () => import(scratch));
  catalogue = await import('../src/contract/tools.ts');
});

afterAll(async () => {
  vi.doUnmock(CATALOGUE_PATH);
  vi.resetModules();
  await rm(scratchDir, { recursive: true, force: true });
});

const { id, names, timeoutSeconds } = EIGHTH_TOOL;
const [route, landing, legacy] = [`/${id}`, `/services/${id}`, `/${id}-legacy`];
const feature = id;

describe('an eighth tool in the catalogue', () => {
  it('is a studio and a job kind of the contract', async () => {
    const { FEATURES } = await import('../src/contract/tools.ts');
    const { STUDIO_IDS, STUDIOS } = await import('../src/features/registry/studios.ts');
    expect(catalogue.STUDIO_IDS.at(-1)).toBe(id);
    expect(STUDIO_IDS).toEqual(catalogue.TOOL_LIST.map((tool) => tool.id));
    expect(FEATURES).toEqual(catalogue.TOOL_LIST.flatMap((tool) => tool.modes.map((mode) => mode.feature)));
    expect(FEATURES).toContain(feature);
    // The registry's words are not the catalogue's: the typecheck asks for them (scripts/eighth-tool.ts).
    expect(id in STUDIOS).toBe(false);
  });

  it('has its time limit, waits and price in the contract and the server’s catalogue', async () => {
    const { FEATURE_TIMEOUT_SECONDS } = await import('../src/contract/generations.ts');
    const { DEFAULT_EXPECTED_SECONDS, expectedOnEveryEngine } = await import('../src/contract/expected-durations.ts');
    const { buildCatalog } = await import('../server/generations/catalog.ts');
    expect(FEATURE_TIMEOUT_SECONDS).toEqual(catalogue.perModeFacts((facts) => facts.timeoutSeconds));
    expect(FEATURE_TIMEOUT_SECONDS[feature as never]).toBe(timeoutSeconds);
    expect(DEFAULT_EXPECTED_SECONDS.fal[feature as never]).toEqual({ min: EIGHTH_TOOL.expected.fal[0], max: EIGHTH_TOOL.expected.fal[1] });
    expect(expectedOnEveryEngine(feature as never)).toEqual({ min: EIGHTH_TOOL.expected.local[0], max: EIGHTH_TOOL.expected.fal[1] });
    const features = buildCatalog('local').features;
    expect(features.map((entry) => entry.feature)).toEqual(catalogue.FEATURES);
    expect(features.at(-1)).toEqual({
      feature,
      timeout_seconds: timeoutSeconds,
      priced_per: 'job',
      credits: CREDIT_PRICES.hairstyle,
    });
  });

  it('is named in the job notifications, in both languages', async () => {
    const { SW_TEXTS } = await import('../sw/job-texts.ts');
    expect(SW_TEXTS.vi.tools).toEqual(catalogue.perModeFacts((facts) => facts.names.vi));
    expect(SW_TEXTS.en.tools).toEqual(catalogue.perModeFacts((facts) => facts.names.en));
    expect(SW_TEXTS.vi.tools[feature as never]).toBe(names.vi);
  });

  it('is offered by the share target for its inputs', async () => {
    const { CHOOSER_TARGETS } = await import('../src/features/share-target/ShareChooser.tsx');
    const { TOOL_LIST: tools } = catalogue;
    const byRank = tools.filter((tool) => tool.share).toSorted((a, b) => a.share!.rank - b.share!.rank);
    expect(CHOOSER_TARGETS.map(({ studio, role }) => ({ studio, role }))).toEqual(
      byRank.flatMap((tool) => tool.share!.roles.map((role) => ({ studio: tool.id, role }))),
    );
    expect(CHOOSER_TARGETS.at(-1)).toMatchObject({ studio: id, role: EIGHTH_TOOL.share.roles[0] });
  });

  it('has its card, its Services entry and its price on the public site', async () => {
    const { SERVICE_MENU, TOOL_SHOWCASE, TOOLS } = await import('../src/features/site/services.ts');
    expect(TOOL_SHOWCASE).toEqual(catalogue.STUDIO_IDS);
    expect(SERVICE_MENU).toEqual(catalogue.TOOL_LIST.filter((tool) => tool.landing).map((tool) => tool.id));
    expect(SERVICE_MENU).toContain(id);
    const card = TOOLS[id as never] as { to: string; price: unknown };
    expect(card.to).toBe(landing);
    expect(card.price).toEqual(catalogue.TOOL_LIST.at(-1)?.cardPrice);
  });

  it('is kept from the crawlers and measured by the JavaScript budgets', async () => {
    const { ROBOTS_DISALLOWED_PATHS } = await import('../server/blog/feeds.ts');
    const { BUDGETS, LANDING_ROUTES, LEGACY_STUDIO_ROUTES, STUDIO_ROUTES } = await import('./js-budgets.ts');
    expect(ROBOTS_DISALLOWED_PATHS).toEqual(expect.arrayContaining([...catalogue.STUDIO_ROUTE_PATHS]));
    expect(ROBOTS_DISALLOWED_PATHS).toContain(route);
    expect(STUDIO_ROUTES).toEqual(catalogue.STUDIO_ROUTE_PATHS);
    expect(LEGACY_STUDIO_ROUTES).toEqual(catalogue.LEGACY_ROUTE_PATHS);
    expect(LANDING_ROUTES).toEqual(catalogue.LANDING_PATHS);
    expect(BUDGETS.map((budget) => budget.route)).toEqual(expect.arrayContaining([route, legacy, landing]));
  });
});
