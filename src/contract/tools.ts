/**
 * The tool catalogue (docs/product-rules.md#tools): the one list of the studios and the jobs they
 * run. Everything that lists the tools derives from it: the tools' ids (`FEATURES`,
 * `STUDIO_IDS`), the app's registry, the server's price list and time limits, the expected waits,
 * the job notifications' words, the share target's choices, the public site's cards, the
 * crawlers' rules and the JavaScript budgets' routes.
 *
 * Plain data: imports only the price list (and types), so the service worker, a pre-rendered
 * public page and a script can read it without the schema library. What cannot be plain data
 * (the app's and the site's translated words, icons, screens) lives in tables keyed by these ids
 * whose type makes a missing tool fail the typecheck.
 */
import type { EngineName } from './expected-seconds.ts';
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
  /** Its name in the job notifications (sw/job-texts.ts), Vietnamese and English. */
  names: { readonly vi: string; readonly en: string };
  /** The job's time limit (docs/product-rules.md#timeouts). */
  timeoutSeconds: number;
  /** What one unit of the price is (GET /api/generations/catalog). */
  pricedPer: (typeof PRICED_PER_UNITS)[number];
  /** Credits of one unit, when one figure says it (else the catalogue's options do). */
  credits: number | null;
  /** The wait before the server has measured any, per engine (docs/product-rules.md#processing-times). */
  expected: Readonly<Record<EngineName, Wait>>;
  /** The options of this mode that only a paid plan may ask for (src/contract/plan-gates.ts). */
  planGates: readonly HdOption[];
}

/** The unit a public card's price names ('from': the cheapest job, the rest cost more). */
export type CardPriceUnit = 'garment' | 'image' | 'model' | 'look' | 'clip-from' | 'from';

export interface ToolEntry {
  /** Also its route's path without the slash. */
  id: string;
  /** The studio's route (signed in). */
  route: `/${string}`;
  modes: readonly ToolMode[];
  /** Its public landing page, or null (the site's card then opens the app). */
  landing: `/services/${string}` | null;
  /** The same screen on one page in the public layout, or null. */
  legacy: `/${string}-legacy` | null;
  /**
   * Which inputs a photo shared to the installed app may fill, and the tool's place among the
   * share target's choices (1 first: the order most shares go); null when it takes none.
   */
  share: { readonly rank: number; readonly roles: readonly AssetRole[] } | null;
  /** The price the public cards quote: credits of one unit, from the price list. */
  cardPrice: { readonly credits: number; readonly per: CardPriceUnit };
}

const wait = (min: number, max: number): Wait => [min, max];
/** AI work's time limit; image editing has its own. */
const AI_TIMEOUT = 600;

/** The tools, in product order (the home page's grid). */
export const TOOL_CATALOGUE = [
  {
    id: 'virtual-tryon',
    route: '/virtual-tryon',
    landing: '/services/virtual-tryon',
    legacy: '/virtual-tryon-legacy',
    share: { rank: 1, roles: ['model', 'garment'] },
    cardPrice: { credits: CREDIT_PRICES.tryOnPerGarment, per: 'garment' },
    modes: [
      {
        feature: 'virtual-tryon',
        names: { vi: 'Thử đồ ảo', en: 'Virtual Try-On' },
        timeoutSeconds: AI_TIMEOUT,
        pricedPer: 'garment',
        credits: CREDIT_PRICES.tryOnPerGarment,
        expected: { local: wait(1, 5), fal: wait(30, 45) },
        planGates: [],
      },
    ],
  },
  {
    id: 'image-editing',
    route: '/image-editing',
    landing: '/services/image-editing',
    legacy: null,
    share: { rank: 3, roles: ['image'] },
    cardPrice: { credits: CREDIT_PRICES.editPerImage, per: 'image' },
    modes: [
      {
        feature: 'image-editing',
        names: { vi: 'Chỉnh sửa ảnh', en: 'Image Editing' },
        timeoutSeconds: 300,
        pricedPer: 'image',
        credits: CREDIT_PRICES.editPerImage,
        expected: { local: wait(1, 5), fal: wait(120, 180) },
        planGates: [],
      },
    ],
  },
  {
    id: 'body-generator',
    route: '/body-generator',
    landing: '/services/body-generator',
    legacy: '/body-generator-legacy',
    share: { rank: 6, roles: ['face'] },
    cardPrice: { credits: CREDIT_PRICES.bodyGenerator, per: 'model' },
    modes: [
      {
        feature: 'body-generator',
        names: { vi: 'Tạo người mẫu', en: 'Body Generator' },
        timeoutSeconds: AI_TIMEOUT,
        pricedPer: 'job',
        credits: CREDIT_PRICES.bodyGenerator,
        expected: { local: wait(1, 5), fal: wait(120, 180) },
        planGates: [],
      },
    ],
  },
  {
    id: 'hairstyle-changer',
    route: '/hairstyle-changer',
    landing: '/services/hairstyle-changer',
    legacy: '/hairstyle-changer-legacy',
    share: { rank: 2, roles: ['hair'] },
    cardPrice: { credits: CREDIT_PRICES.hairstyle, per: 'look' },
    modes: [
      {
        feature: 'hairstyle-changer',
        names: { vi: 'Đổi kiểu tóc', en: 'Hairstyle Changer' },
        timeoutSeconds: AI_TIMEOUT,
        pricedPer: 'job',
        credits: CREDIT_PRICES.hairstyle,
        expected: { local: wait(1, 5), fal: wait(120, 180) },
        planGates: [],
      },
    ],
  },
  {
    id: 'image-to-video',
    route: '/image-to-video',
    landing: '/services/image-to-video',
    legacy: '/image-to-video-legacy',
    share: { rank: 4, roles: ['image'] },
    cardPrice: { credits: CREDIT_PRICES.video5s480p, per: 'clip-from' },
    modes: [
      {
        feature: 'image-to-video',
        names: { vi: 'Ảnh thành video', en: 'Image to Video' },
        timeoutSeconds: AI_TIMEOUT,
        pricedPer: 'option',
        credits: null,
        expected: { local: wait(2, 30), fal: wait(120, 180) },
        planGates: ['video1080p'],
      },
    ],
  },
  {
    id: 'upscaler',
    route: '/upscaler',
    landing: null,
    legacy: null,
    share: { rank: 5, roles: ['image'] },
    cardPrice: { credits: Math.min(CREDIT_PRICES.upscaleImage2x, CREDIT_PRICES.upscaleVideoPer10s), per: 'from' },
    modes: [
      {
        feature: 'upscaler-image',
        names: { vi: 'Làm nét ảnh', en: 'AI Upscaler (image)' },
        timeoutSeconds: AI_TIMEOUT,
        pricedPer: 'factor',
        credits: null,
        expected: { local: wait(1, 5), fal: wait(30, 60) },
        planGates: ['upscaleFactor'],
      },
      {
        feature: 'upscaler-video',
        names: { vi: 'Làm nét video', en: 'AI Upscaler (video)' },
        timeoutSeconds: AI_TIMEOUT,
        pricedPer: 'video-10s',
        credits: null,
        expected: { local: wait(2, 60), fal: wait(120, 300) },
        planGates: ['upscaleFactor', 'upscaleTargetResolution'],
      },
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

/** The studios' routes (signed in). */
export const STUDIO_ROUTE_PATHS: readonly string[] = TOOL_LIST.map((tool) => tool.route);
/** The legacy one-page studios. */
export const LEGACY_ROUTE_PATHS: readonly string[] = TOOL_LIST.flatMap((tool) => (tool.legacy ? [tool.legacy] : []));
/** The public landing pages of the tools that have one. */
export const LANDING_PATHS: readonly string[] = TOOL_LIST.flatMap((tool) => (tool.landing ? [tool.landing] : []));

/** Where each studio takes a shared photo, in the share target's order. */
export const SHARE_INPUTS: readonly { studio: SharingStudio; role: AssetRole }[] = TOOL_LIST.flatMap((tool) =>
  tool.share ? [{ rank: tool.share.rank, inputs: tool.share.roles.map((role) => ({ studio: tool.id as SharingStudio, role })) }] : [],
)
  .toSorted((a, b) => a.rank - b.rank)
  .flatMap((entry) => entry.inputs);
