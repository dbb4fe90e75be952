import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { GENDERS, HAIR_CATEGORIES, Hairstyle } from '../../../../contract/generation-params.ts';

export type HairGender = (typeof GENDERS)[number];
export type HairCategory = (typeof HAIR_CATEGORIES)[number];
/** The categories a style can belong to ('all' is the filter that shows every style). */
export type HairStyleCategory = Exclude<HairCategory, 'all'>;

/** The drawing a style's card shows: one simple head-and-hair outline per family of cuts. */
export type HairFamily =
  | 'long-straight'
  | 'long-curly'
  | 'medium-curly'
  | 'bob'
  | 'short-layered'
  | 'pixie'
  | 'mullet'
  | 'hime'
  | 'quiff'
  | 'side-part'
  | 'undercut'
  | 'crop'
  | 'mohican';

export interface HairstyleInfo {
  id: Hairstyle;
  gender: HairGender;
  /** The style's name, shown in the reader's language only (docs/glossary.md#product-names). */
  name: MessageDescriptor;
  categories: readonly HairStyleCategory[];
  family: HairFamily;
}

/**
 * The ten women's and ten men's styles (docs/product-rules.md#hairstyle), in the contract's order.
 *
 * Categories, by length as the style is usually cut (short: above the chin; medium: chin to
 * shoulders; long: below the shoulders), plus curly for the permed and curled styles:
 * - women: long straight layer, hime and long straight middle part are long; long loose curls is
 *   long and curly; noodle curls is medium and curly; short C-curl is short and curly (a perm
 *   that bends the ends inward); short layered, modern bob and pixie are short; female mullet
 *   layer is medium.
 * - men: undercut, side part, short quiff, crew cut, two block, French crop and mohican are
 *   short; mullet, pompadour (a long top swept up) and men's layer are medium.
 * None of the twenty is an updo (buns, chignons): the updo filter shows an empty list that
 * points to a reference photo or a description instead, which the contract accepts in place of
 * a template.
 */
export const HAIRSTYLE_CATALOG: readonly HairstyleInfo[] = [
  { id: 'long-straight-layer', gender: 'female', name: msg`Tóc dài thẳng tỉa layer`, categories: ['long'], family: 'long-straight' },
  { id: 'long-loose-curls', gender: 'female', name: msg`Tóc dài xoăn lơi`, categories: ['long', 'curly'], family: 'long-curly' },
  { id: 'short-layered', gender: 'female', name: msg`Tóc ngắn tỉa layer`, categories: ['short'], family: 'short-layered' },
  { id: 'modern-bob', gender: 'female', name: msg`Bob hiện đại`, categories: ['short'], family: 'bob' },
  { id: 'female-mullet-layer', gender: 'female', name: msg`Mullet layer nữ`, categories: ['medium'], family: 'mullet' },
  { id: 'hime', gender: 'female', name: msg`Tóc công chúa Hime`, categories: ['long'], family: 'hime' },
  { id: 'pixie', gender: 'female', name: msg`Tóc tém Pixie`, categories: ['short'], family: 'pixie' },
  { id: 'short-c-curl', gender: 'female', name: msg`Tóc ngắn uốn cụp chữ C`, categories: ['short', 'curly'], family: 'bob' },
  { id: 'noodle-curls', gender: 'female', name: msg`Tóc xoăn mì tôm`, categories: ['medium', 'curly'], family: 'medium-curly' },
  { id: 'long-straight-middle-part', gender: 'female', name: msg`Tóc dài thẳng rẽ ngôi giữa`, categories: ['long'], family: 'long-straight' },
  { id: 'undercut', gender: 'male', name: msg`Undercut`, categories: ['short'], family: 'undercut' },
  { id: 'side-part', gender: 'male', name: msg`Tóc rẽ ngôi lệch`, categories: ['short'], family: 'side-part' },
  { id: 'mullet', gender: 'male', name: msg`Mullet nam`, categories: ['medium'], family: 'mullet' },
  { id: 'short-quiff', gender: 'male', name: msg`Quiff ngắn`, categories: ['short'], family: 'quiff' },
  { id: 'pompadour', gender: 'male', name: msg`Pompadour`, categories: ['medium'], family: 'quiff' },
  { id: 'mens-layer', gender: 'male', name: msg`Layer nam`, categories: ['medium'], family: 'short-layered' },
  { id: 'crew-cut', gender: 'male', name: msg`Tóc đầu đinh`, categories: ['short'], family: 'crop' },
  { id: 'two-block', gender: 'male', name: msg`Two block`, categories: ['short'], family: 'undercut' },
  { id: 'french-crop', gender: 'male', name: msg`French crop`, categories: ['short'], family: 'crop' },
  { id: 'mohican', gender: 'male', name: msg`Mohican`, categories: ['short'], family: 'mohican' },
];

const BY_ID = new Map(HAIRSTYLE_CATALOG.map((info) => [info.id, info]));

export function hairstyleInfo(id: Hairstyle): HairstyleInfo {
  const info = BY_ID.get(id);
  if (!info) throw new Error(`unknown hairstyle ${id}`);
  return info;
}

/** The styles of a gender in a category ('all': every style of that gender), in catalogue order. */
export function filterHairstyles(gender: HairGender, category: HairCategory): HairstyleInfo[] {
  return HAIRSTYLE_CATALOG.filter((info) => info.gender === gender && (category === 'all' || info.categories.includes(category)));
}

export const HAIR_CATEGORY_LABELS = {
  all: msg`Tất cả`,
  short: msg`Ngắn`,
  medium: msg`Vừa`,
  long: msg`Dài`,
  curly: msg`Xoăn`,
  updo: msg`Búi/Updo`,
} as const satisfies Record<HairCategory, MessageDescriptor>;

export const HAIR_GENDER_LABELS = { female: msg`Nữ`, male: msg`Nam` } as const satisfies Record<HairGender, MessageDescriptor>;
