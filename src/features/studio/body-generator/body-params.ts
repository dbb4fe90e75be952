import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { BODY_LIMITS, type AspectRatio, type BODY_TYPES, type SKIN_TONES } from '../../../contract/generation-params.ts';
import { checkPrerequisites } from '../../../contract/generations.ts';
import type { GenerationRequestOf } from '../../../contract/generations.schema.ts';

/** The body generator's parameters, exactly as POST /api/generations takes them. */
export type BodyParams = GenerationRequestOf<'body-generator'>['params'];
export type Gender = NonNullable<BodyParams['gender']>;
export type SkinTone = (typeof SKIN_TONES)[number];
export type BodyType = (typeof BODY_TYPES)[number];

/**
 * A new form: the measurements start at typical adult values (sliders need a position) and the
 * aspect ratio at a portrait 3:4; gender, skin tone and body type are the person's choice, so
 * they start unset and the prerequisites message lists them until chosen.
 */
export const INITIAL_BODY_PARAMS: BodyParams = {
  gender: null,
  height: 165,
  weight: 55,
  age: 25,
  skin_tone: null,
  body_type: null,
  aspect_ratio: '3:4',
  prompt: '',
  style_hints: [],
};

/** The contract's limits on style hints (BodyGeneratorRequestSchema): at most 10, each at most 60 characters. */
export const MAX_STYLE_HINTS = 10;
export const MAX_STYLE_HINT_LENGTH = 60;
/** The contract's limit on a prompt, in characters. */
export const MAX_PROMPT_LENGTH = 2000;

/** The parameters the prerequisite (docs/product-rules.md#prerequisites: all body parameters) requires, in the form's order. */
export const REQUIRED_BODY_FIELDS = ['gender', 'height', 'weight', 'age', 'skin_tone', 'body_type', 'aspect_ratio'] as const;
export type RequiredBodyField = (typeof REQUIRED_BODY_FIELDS)[number];

export const BODY_FIELD_LABELS = {
  gender: msg`Giới tính`,
  height: msg`Chiều cao`,
  weight: msg`Cân nặng`,
  age: msg`Tuổi`,
  skin_tone: msg`Màu da`,
  body_type: msg`Dáng người`,
  aspect_ratio: msg`Tỉ lệ khung hình`,
} as const satisfies Record<RequiredBodyField, MessageDescriptor>;

/** Whether the contract's prerequisite check accepts these parameters (the server runs the same). */
export function bodyParamsComplete(params: BodyParams): boolean {
  return checkPrerequisites({ feature: 'body-generator', inputs: {}, params }) === null;
}

/** The required parameters still unset, in the form's order (empty when complete). */
export function missingBodyFields(params: BodyParams): RequiredBodyField[] {
  return REQUIRED_BODY_FIELDS.filter((field) => params[field] === null || params[field] === undefined);
}

/** A measurement within the contract's limits, or null (out of range, empty, not a number). */
export function clampedOrNull(value: number, field: keyof typeof BODY_LIMITS): number | null {
  const { min, max } = BODY_LIMITS[field];
  if (!Number.isFinite(value) || value < min || value > max) return null;
  // Age is a whole number of years in the contract; height and weight may carry a decimal.
  return field === 'age' ? (Number.isInteger(value) ? value : null) : value;
}

/** Body mass index, kg/m², from height in cm and weight in kg; null while either is unset. */
export function bodyMassIndex(heightCm: number | null | undefined, weightKg: number | null | undefined): number | null {
  if (!heightCm || !weightKg) return null;
  const metres = heightCm / 100;
  return weightKg / (metres * metres);
}

export type BmiBand = 'underweight' | 'normal' | 'overweight' | 'obese';

/** WHO adult bands: below 18.5, 18.5 to below 25, 25 to below 30, 30 and above (kg/m²). */
export function bmiBand(bmi: number): BmiBand {
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  return 'obese';
}

export const BMI_BAND_LABELS = {
  underweight: msg`Thiếu cân`,
  normal: msg`Bình thường`,
  overweight: msg`Thừa cân`,
  obese: msg`Béo phì`,
} as const satisfies Record<BmiBand, MessageDescriptor>;

export type StyleHintRefusal = 'empty' | 'tooLong' | 'full' | 'duplicate';

/** Adds a style hint (trimmed) or says why not: the contract's count and length limits, no repeats. */
export function addStyleHint(hints: readonly string[], hint: string): { hints: string[] } | { refused: StyleHintRefusal } {
  const text = hint.trim().replace(/\s+/g, ' ');
  if (text === '') return { refused: 'empty' };
  if (text.length > MAX_STYLE_HINT_LENGTH) return { refused: 'tooLong' };
  if (hints.some((existing) => existing.toLocaleLowerCase() === text.toLocaleLowerCase())) return { refused: 'duplicate' };
  if (hints.length >= MAX_STYLE_HINTS) return { refused: 'full' };
  return { hints: [...hints, text] };
}

/** Suggested style hints (photography and fashion styles a body model is commonly shown in). */
export const STYLE_HINT_SUGGESTIONS: readonly MessageDescriptor[] = [
  msg`Ảnh studio`,
  msg`Nền trắng`,
  msg`Ánh sáng tự nhiên`,
  msg`Thời trang công sở`,
  msg`Dạo phố`,
  msg`Thể thao`,
  msg`Áo dài`,
  msg`Tư thế đứng thẳng`,
  msg`Toàn thân`,
  msg`Phong cách tối giản`,
];

export const GENDER_LABELS = { female: msg`Nữ`, male: msg`Nam` } as const satisfies Record<Gender, MessageDescriptor>;

/** Swatch colours of the seven skin tones (light to deep) and their Vietnamese names. */
export const SKIN_TONE_SWATCHES = {
  fair: { color: '#f6dfcf', label: msg`Trắng hồng` },
  light: { color: '#eac7a8', label: msg`Sáng` },
  medium: { color: '#d3a27c', label: msg`Trung bình` },
  olive: { color: '#b98e5f', label: msg`Ô liu` },
  tan: { color: '#a06a43', label: msg`Rám nắng` },
  brown: { color: '#744a2e', label: msg`Nâu` },
  dark: { color: '#4a2f1f', label: msg`Nâu sẫm` },
} as const satisfies Record<SkinTone, { color: string; label: MessageDescriptor }>;

/**
 * The body types (docs/product-rules.md#body-parameters: ectomorph slim/lean, mesomorph athletic/muscular, endomorph
 * full/curvy) with a short description, and the silhouette widths their card draws (shoulders,
 * waist, hips, in SVG units of a 40-wide figure).
 */
export const BODY_TYPE_INFO = {
  ectomorph: {
    label: msg`Gầy / thon`,
    description: msg`Khung xương nhỏ, vai hẹp, ít mỡ và cơ: dáng mảnh mai, thon dài.`,
    shape: { shoulders: 20, waist: 12, hips: 16 },
  },
  mesomorph: {
    label: msg`Cân đối / săn chắc`,
    description: msg`Vai rộng, eo gọn, cơ bắp săn chắc: dáng thể thao, khỏe khoắn.`,
    shape: { shoulders: 28, waist: 17, hips: 21 },
  },
  endomorph: {
    label: msg`Đầy đặn / cong`,
    description: msg`Khung xương lớn, đường cong rõ, da thịt mềm mại: dáng đầy đặn.`,
    shape: { shoulders: 26, waist: 24, hips: 30 },
  },
} as const satisfies Record<BodyType, { label: MessageDescriptor; description: MessageDescriptor; shape: { shoulders: number; waist: number; hips: number } }>;

/** Width over height of an aspect ratio ('3:4' → 0.75). */
export function aspectValue(ratio: AspectRatio): number {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  return w / h;
}

export const ASPECT_RATIO_LABELS = {
  '1:1': msg`Vuông`,
  '3:4': msg`Chân dung`,
  '4:3': msg`Ngang`,
  '2:3': msg`Chân dung cao`,
  '9:16': msg`Dọc (story)`,
  '16:9': msg`Ngang rộng`,
} as const satisfies Record<AspectRatio, MessageDescriptor>;
