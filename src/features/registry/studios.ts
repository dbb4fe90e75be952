/**
 * The app's side of the studios: the tool catalogue (src/contract/tools.ts) lists them and their
 * job kinds; this table adds what the app shows of each, keyed by the catalogue's ids (a tool
 * without an entry fails the typecheck). Everything of the app that names the studios derives
 * from it: the sidebar entries, the dashboard's quick access, the history filters, the
 * library's labels and "use in" slots, the route titles and the screens' headers, and the
 * catalogs a studio route loads. (The wait a job takes is the catalogue's, per tool and engine.)
 *
 * A new studio is one catalogue entry, one entry here and one folder under src/features/studio
 * (plus its route file, which only names the entry: see src/routes/_app/_studio/), and the other
 * tables the typecheck points at (docs/architecture.md#studio-registry).
 *
 * Light on purpose: the sidebar imports it on every page, so it holds words, icons and numbers,
 * never a screen.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { STUDIO_IDS, TOOL_MODES, type Feature, type FeatureOfTool, type StudioId, type TOOL_CATALOGUE } from '../../contract/tools.ts';
import type { AssetRole } from '../../contract/media.ts';
import { IconBody } from '../../ui/icons/app/IconBody.tsx';
import { IconEdit } from '../../ui/icons/app/IconEdit.tsx';
import { IconHair } from '../../ui/icons/app/IconHair.tsx';
import { IconTryOn } from '../../ui/icons/app/IconTryOn.tsx';
import { IconUpscale } from '../../ui/icons/app/IconUpscale.tsx';
import { IconVideo } from '../../ui/icons/app/IconVideo.tsx';
import { type Icon } from '../../ui/icons/icon.tsx';

/** The studios, in product order (the catalogue's); each is also its route's path without the slash. */
export { STUDIO_IDS, type StudioId };

/** Folders of src/features/studio whose messages a studio route loads (src/locales/{locale}/studio/<folder>.po). */
export type StudioToolCatalog = 'virtual-tryon' | 'image-editing' | 'body-generator' | 'hairstyle' | 'image-to-video' | 'upscaler';

export type SlotTable = Readonly<Partial<Record<AssetRole, string>>>;

export interface StudioEntry<S extends StudioId = StudioId, F extends Feature = Feature, Slots extends SlotTable = SlotTable> {
  id: S;
  /** The contract's tools this studio runs (the upscaler has an image and a video mode). */
  features: readonly F[];
  /** Its name: the sidebar entry, the page title and the header. */
  name: MessageDescriptor;
  icon: Icon;
  /** The page description (meta description and the header's line under the title). */
  description: MessageDescriptor;
  /** One honest line on what it does, for the dashboard's quick access. */
  summary: MessageDescriptor;
  /** How a list of generations names a job of each tool (a studio with one tool: its name). */
  featureNames?: Readonly<Partial<Record<F, MessageDescriptor>>>;
  /** The history filter's chip, when it differs from the name. */
  filterName?: MessageDescriptor;
  /**
   * Which input of the studio a link's `?as=<role>` fills. The first entry is the main input (a
   * link with no role); `image` is accepted everywhere an image goes.
   */
  slots: Slots;
  /** The message folders the route loads before the screen renders. */
  catalogs: readonly StudioToolCatalog[];
}

/** An entry, typed with its own tools and slots; its tools are the catalogue's modes of the studio. */
function defineStudio<S extends StudioId, const Slots extends SlotTable>(
  entry: Omit<StudioEntry<S, FeatureOfTool<S>, Slots>, 'features'>,
): StudioEntry<S, FeatureOfTool<S>, Slots> {
  const features = (Object.keys(TOOL_MODES) as Feature[]).filter((feature): feature is FeatureOfTool<S> => TOOL_MODES[feature].tool === entry.id);
  return { ...entry, features };
}

export const STUDIOS = {
  'virtual-tryon': defineStudio({
    id: 'virtual-tryon',
    name: msg`Thử đồ ảo`,
    icon: IconTryOn,
    description: msg`Mặc thử quần áo lên ảnh người mẫu: chọn người mẫu, chọn trang phục rồi tạo ảnh.`,
    summary: msg`Mặc thử một hoặc nhiều món đồ lên ảnh người mẫu toàn thân.`,
    slots: { model: 'model', garment: 'garment', image: 'model' },
    catalogs: ['virtual-tryon'],
  }),
  'body-generator': defineStudio({
    id: 'body-generator',
    name: msg`Tạo người mẫu`,
    icon: IconBody,
    description: msg`Tạo người mẫu ảo theo số đo và dáng người, có thể kèm ảnh khuôn mặt, để dùng cho thử đồ.`,
    summary: msg`Tạo người mẫu ảo từ số đo cơ thể, có thể kèm ảnh khuôn mặt.`,
    slots: { face: 'face', image: 'face' },
    catalogs: ['body-generator'],
  }),
  'hairstyle-changer': defineStudio({
    id: 'hairstyle-changer',
    name: msg`Đổi kiểu tóc`,
    icon: IconHair,
    description: msg`Thử kiểu tóc và màu tóc mới trên ảnh chân dung: tải ảnh, chọn kiểu, tô vùng tóc rồi tạo ảnh.`,
    summary: msg`Đổi kiểu và màu tóc trên ảnh chân dung chụp chính diện.`,
    slots: { hair: 'photo', face: 'photo', image: 'photo' },
    catalogs: ['hairstyle'],
  }),
  'image-to-video': defineStudio({
    id: 'image-to-video',
    name: msg`Ảnh thành video`,
    icon: IconVideo,
    description: msg`Biến một bức ảnh tĩnh thành video ngắn: tải ảnh lên, chọn mô hình và thông số rồi tạo video.`,
    summary: msg`Biến một ảnh tĩnh thành đoạn video ngắn 5–10 giây.`,
    slots: { image: 'image' },
    catalogs: ['image-to-video'],
  }),
  'image-editing': defineStudio({
    id: 'image-editing',
    name: msg`Chỉnh sửa ảnh`,
    icon: IconEdit,
    description: msg`Tải một hoặc nhiều ảnh lên, mô tả điều muốn thay đổi rồi tạo ảnh mới.`,
    summary: msg`Sửa một ảnh hoặc 2–10 ảnh theo mô tả bằng lời của bạn.`,
    slots: { image: 'images' },
    catalogs: ['image-editing'],
  }),
  upscaler: defineStudio({
    id: 'upscaler',
    name: msg`Làm nét ảnh`,
    icon: IconUpscale,
    description: msg`Phóng to ảnh hoặc video và làm nét chi tiết: tải lên, thiết lập rồi làm nét.`,
    summary: msg`Tăng độ phân giải ảnh từ 2× đến 4×, hoặc làm nét video.`,
    featureNames: { 'upscaler-image': msg`Làm nét ảnh AI`, 'upscaler-video': msg`Làm nét video AI` },
    filterName: msg`Làm nét ảnh AI`,
    slots: { image: 'image', video: 'video' },
    catalogs: ['upscaler'],
  }),
} satisfies { [S in StudioId]: StudioEntry<S> };

type Studios = typeof STUDIOS;
/** The tools a studio runs, e.g. 'upscaler-image' | 'upscaler-video'. */
export type FeatureOf<S extends StudioId> = Studios[S] extends StudioEntry<S, infer F> ? F : never;
/** The inputs a studio has, e.g. 'model' | 'garment' for the try-on. */
export type SlotOf<S extends StudioId> = Studios[S]['slots'][keyof Studios[S]['slots']] & string;

/** A list of every studio, each once, in an order of its own: typecheck fails when one is missing or repeated. */
type EveryStudioOnce<T extends readonly StudioId[]> = [Exclude<StudioId, T[number]>] extends [never]
  ? T['length'] extends (typeof TOOL_CATALOGUE)['length']
    ? T
    : never
  : never;
function everyStudioOnce<const T extends readonly StudioId[]>(order: EveryStudioOnce<T>): T {
  return order;
}

/** The sidebar's order of the studios (docs/product-rules.md#studio-sidebar, not the product's). */
export const SIDEBAR_ORDER = everyStudioOnce(['virtual-tryon', 'body-generator', 'hairstyle-changer', 'image-to-video', 'image-editing', 'upscaler']);

/** The order of the history's tool filters (docs/product-rules.md#history order, not the sidebar's). */
export const HISTORY_FILTER_ORDER = everyStudioOnce(['virtual-tryon', 'hairstyle-changer', 'body-generator', 'image-to-video', 'image-editing', 'upscaler']);

/** The studios in the sidebar's order. */
export const STUDIO_LIST: readonly StudioEntry[] = SIDEBAR_ORDER.map((id): StudioEntry => STUDIOS[id]);

/** The studio that runs a tool. */
export function studioOf(feature: Feature): StudioEntry {
  return STUDIOS[TOOL_MODES[feature].tool];
}

/** How a list names a job of a tool: its mode's name in a studio with several, else the studio's. */
export function featureName(feature: Feature): MessageDescriptor {
  const studio = studioOf(feature);
  return studio.featureNames?.[feature] ?? studio.name;
}
