/**
 * The tool catalogue (docs/product-rules.md#tools): the one list of the studios and the jobs they
 * run. Everything that lists the tools derives from it: the tools' ids (`FEATURES`,
 * `STUDIO_IDS`), the app's registry, the server's price list and time limits, the expected waits,
 * the job notifications' words, the share target's choices, the public site's cards, the
 * crawlers' rules and the JavaScript budgets' routes.
 *
 * Plain data: imports only the price list (and types), so the service worker, a pre-rendered
 * public page and a script can read it without the schema library. It has two parts: the list
 * itself (what the pages use: ids, modes, pages, share inputs, card prices, waits), and the
 * facts of each job kind that only the server, the worker and the API read (`MODE_FACTS`: names
 * in the notifications, time limit, price unit, plan gates), keyed by the list's job kinds and
 * left out of the pages' bundles. What cannot be plain data (the app's and the site's translated
 * words, icons, screens) lives in tables keyed by these ids whose type makes a missing tool fail
 * the typecheck.
 */
import type { EngineName } from './expected-durations.ts';
import type { AssetRole } from './media.ts';
import type { HdOption } from './plan-gates.ts';
import { CREDIT_PRICES } from './prices.ts';

/** A wait, in whole seconds: [shortest, longest]. */
type Wait = readonly [min: number, max: number];

/** What one unit of a tool's price is (GET /api/generations/catalog's `priced_per`). */
export const PRICED_PER_UNITS = ['garment', 'image', 'job', 'option', 'factor', 'video-10s'] as const;

/** One job kind a tool runs (a `Feature`): the upscaler has an image and a video mode. */
export interface ToolMode {
  feature: string;
  /** The wait before the server has measured any, per engine (docs/product-rules.md#processing-times). */
  expected: Readonly<Record<EngineName, Wait>>;
}

/** What the server, the worker and the API say of a job kind (MODE_FACTS). */
export interface ModeFacts {
  /** Its name in the job notifications (sw/job-texts.ts), Vietnamese and English. */
  names: { readonly vi: string; readonly en: string };
  /** The job's time limit (docs/product-rules.md#timeouts). */
  timeoutSeconds: number;
  /** What one unit of the price is (GET /api/generations/catalog). */
  pricedPer: (typeof PRICED_PER_UNITS)[number];
  /** The price list's entry for one unit, when one figure says it (else the options' prices do). */
  unitPrice: keyof typeof CREDIT_PRICES | null;
  /** The options of this mode that only a paid plan may ask for (src/contract/plan-gates.ts). */
  planGates: readonly HdOption[];
}

/** The unit a public card's price names ('from': the cheapest job, the rest cost more). */
export type CardPriceUnit = 'garment' | 'image' | 'model' | 'look' | 'clip-from' | 'from';

export interface ToolEntry {
  /** Also its route's path without the slash (the studio, signed in: `/<id>`). */
  id: string;
  modes: readonly ToolMode[];
  /** Whether it has a public landing page (`/services/<id>`); without one the site's card opens the app. */
  landing: boolean;
  /** Whether its screen also has a page of its own in the public layout (`/<id>-legacy`). */
  legacy: boolean;
  /**
   * Which inputs a photo shared to the installed app may fill, and the tool's place among the
   * share target's choices (1 first: the order most shares go); null when it takes none.
   */
  share: { readonly rank: number; readonly roles: readonly AssetRole[] } | null;
  /** The price the public cards quote: credits of one unit, from the price list. */
  cardPrice: { readonly credits: number; readonly per: CardPriceUnit };
}

/** AI work's time limit; image editing has its own. */
const AI_TIMEOUT = 600;

/** The tools, in product order (the home page's grid). */
export const TOOL_CATALOGUE = [
  {
    id: 'virtual-tryon',
    landing: true,
    legacy: true,
    share: { rank: 1, roles: ['model', 'garment'] },
    cardPrice: { credits: CREDIT_PRICES.tryOnPerGarment, per: 'garment' },
    modes: [{ feature: 'virtual-tryon', expected: { local: [1, 5], fal: [30, 45] } }],
  },
  {
    id: 'image-editing',
    landing: true,
    legacy: false,
    share: { rank: 3, roles: ['image'] },
    cardPrice: { credits: CREDIT_PRICES.editPerImage, per: 'image' },
    modes: [{ feature: 'image-editing', expected: { local: [1, 5], fal: [120, 180] } }],
  },
  {
    id: 'body-generator',
    landing: true,
    legacy: true,
    share: { rank: 6, roles: ['face'] },
    cardPrice: { credits: CREDIT_PRICES.bodyGenerator, per: 'model' },
    modes: [{ feature: 'body-generator', expected: { local: [1, 5], fal: [120, 180] } }],
  },
  {
    id: 'hairstyle-changer',
    landing: true,
    legacy: true,
    share: { rank: 2, roles: ['hair'] },
    cardPrice: { credits: CREDIT_PRICES.hairstyle, per: 'look' },
    modes: [{ feature: 'hairstyle-changer', expected: { local: [1, 5], fal: [120, 180] } }],
  },
  {
    id: 'image-to-video',
    landing: true,
    legacy: true,
    share: { rank: 4, roles: ['image'] },
    cardPrice: { credits: CREDIT_PRICES.video5s480p, per: 'clip-from' },
    modes: [{ feature: 'image-to-video', expected: { local: [2, 30], fal: [120, 180] } }],
  },
  {
    id: 'upscaler',
    landing: false,
    legacy: false,
    share: { rank: 5, roles: ['image'] },
    cardPrice: { credits: Math.min(CREDIT_PRICES.upscaleImage2x, CREDIT_PRICES.upscaleVideoPer10s), per: 'from' },
    modes: [
      { feature: 'upscaler-image', expected: { local: [10, 60], fal: [30, 60] } },
      { feature: 'upscaler-video', expected: { local: [2, 60], fal: [120, 300] } },
    ],
  },
] as const satisfies readonly ToolEntry[];

type Catalogue = (typeof TOOL_CATALOGUE)[number];
/** A studio (a tool of the catalogue), e.g. 'upscaler'. */
export type StudioId = Catalogue['id'];
/** A job kind (a tool's mode), e.g. 'upscaler-video'. */
export type Feature = Catalogue['modes'][number]['feature'];
/** The modes of a tool, e.g. 'upscaler-image' | 'upscaler-video'. */
export type FeatureOfTool<S extends StudioId> = Extract<Catalogue, { id: S }>['modes'][number]['feature'];
/** The inputs a shared photo may fill in a tool, e.g. 'model' | 'garment' for the try-on. */
export type ShareRoleOf<S extends StudioId> = Extract<Catalogue, { id: S }>['share'] extends { roles: readonly (infer R extends AssetRole)[] } ? R : never;
/** The tools that take a shared photo. */
export type SharingStudio = { [S in StudioId]: [ShareRoleOf<S>] extends [never] ? never : S }[StudioId];

/** The widened entries, to read them as data. */
export const TOOL_LIST: readonly ToolEntry[] = TOOL_CATALOGUE;

/** The studios, in product order. */
export const STUDIO_IDS: readonly StudioId[] = TOOL_CATALOGUE.map((tool) => tool.id);

/** The job kinds, in product order. */
export const FEATURES: readonly Feature[] = TOOL_CATALOGUE.flatMap((tool): readonly Feature[] => tool.modes.map((mode) => mode.feature));

/** Each job kind's mode, and the tool that runs it. */
export const TOOL_MODES: Readonly<Record<Feature, ToolMode & { tool: StudioId }>> = Object.fromEntries(
  TOOL_LIST.flatMap((tool) => tool.modes.map((mode) => [mode.feature, { ...mode, tool: tool.id }])),
) as Record<Feature, ToolMode & { tool: StudioId }>;

/** A table with one value per job kind, read from the modes. */
export function perFeature<T>(read: (mode: ToolMode) => T): Record<Feature, T> {
  return Object.fromEntries(FEATURES.map((feature) => [feature, read(TOOL_MODES[feature])])) as Record<Feature, T>;
}

/**
 * What the server, the worker and the API say of each job kind of the list: kept apart so that
 * the pages, which read none of it, do not load it (docs/architecture.md#tool-catalogue). A job
 * kind of the list without its row, or a row of no job kind, fails the typecheck.
 */
export const MODE_FACTS = {
  'virtual-tryon': {
    names: { vi: 'Thử đồ ảo', en: 'Virtual Try-On' },
    timeoutSeconds: AI_TIMEOUT,
    pricedPer: 'garment',
    unitPrice: 'tryOnPerGarment',
    planGates: [],
  },
  'image-editing': {
    names: { vi: 'Chỉnh sửa ảnh', en: 'Image Editing' },
    timeoutSeconds: 300,
    pricedPer: 'image',
    unitPrice: 'editPerImage',
    planGates: [],
  },
  'body-generator': {
    names: { vi: 'Tạo người mẫu', en: 'Body Generator' },
    timeoutSeconds: AI_TIMEOUT,
    pricedPer: 'job',
    unitPrice: 'bodyGenerator',
    planGates: [],
  },
  'hairstyle-changer': {
    names: { vi: 'Đổi kiểu tóc', en: 'Hairstyle Changer' },
    timeoutSeconds: AI_TIMEOUT,
    pricedPer: 'job',
    unitPrice: 'hairstyle',
    planGates: [],
  },
  'image-to-video': {
    names: { vi: 'Ảnh thành video', en: 'Image to Video' },
    timeoutSeconds: AI_TIMEOUT,
    pricedPer: 'option',
    unitPrice: null,
    planGates: ['video1080p'],
  },
  'upscaler-image': {
    names: { vi: 'Làm nét ảnh', en: 'AI Upscaler (image)' },
    timeoutSeconds: AI_TIMEOUT,
    pricedPer: 'factor',
    unitPrice: null,
    planGates: ['upscaleFactor'],
  },
  'upscaler-video': {
    names: { vi: 'Làm nét video', en: 'AI Upscaler (video)' },
    timeoutSeconds: AI_TIMEOUT,
    pricedPer: 'video-10s',
    unitPrice: null,
    planGates: ['upscaleFactor', 'upscaleTargetResolution'],
  },
} as const satisfies { [F in Feature]: ModeFacts };

/** A table with one value per job kind, read from its facts (the server's, the worker's). */
export function perModeFacts<T>(read: (facts: ModeFacts) => T): Record<Feature, T> {
  return Object.fromEntries(FEATURES.map((feature) => [feature, read(MODE_FACTS[feature])])) as Record<Feature, T>;
}

/** A studio's route (signed in), e.g. '/upscaler'. */
export const studioPath = <S extends string>(id: S): `/${S}` => `/${id}`;
/** A tool's public landing page (when it has one). */
export const landingPath = (id: string): string => `/services/${id}`;
/** A studio's legacy one-page screen (when it has one). */
export const legacyPath = (id: string): string => `/${id}-legacy`;

// The lists below are read by the server and the scripts: pure, so a page that does not read them does not compute them.
/** The studios' routes. */
export const STUDIO_ROUTE_PATHS: readonly string[] = /* @__PURE__ */ TOOL_LIST.map((tool) => studioPath(tool.id));
/** The legacy one-page studios. */
export const LEGACY_ROUTE_PATHS: readonly string[] = /* @__PURE__ */ TOOL_LIST.flatMap((tool) => (tool.legacy ? [legacyPath(tool.id)] : []));
/** The public landing pages of the tools that have one. */
export const LANDING_PATHS: readonly string[] = /* @__PURE__ */ TOOL_LIST.flatMap((tool) => (tool.landing ? [landingPath(tool.id)] : []));
