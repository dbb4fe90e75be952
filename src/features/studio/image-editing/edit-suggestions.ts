import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MAX_EDIT_IMAGES } from '../../../contract/generations.ts';
import type { EngineName } from '../../../contract/expected-durations.ts';

/** Single edit: one image. Multi edit: 2 to 10 images, each edited alike (or combined into a grid). */
export type EditMode = 'single' | 'multi';

/** Multi-image editing takes at least two images (docs/product-rules.md#multi-image). */
export const MIN_MULTI_EDIT_IMAGES = 2;

/** The contract's limit on a prompt, in characters. */
export const MAX_EDIT_PROMPT_LENGTH = 2000;

export interface EditSuggestion {
  id: string;
  /**
   * The chip's text, and the phrase it inserts. It is a phrase of the local engine's vocabulary
   * (server/engines/local/edit-vocabulary.ts) in Vietnamese, and its English translation must be
   * one of the English phrases there (the engine understands both), so a chip always works.
   */
  text: MessageDescriptor;
  /** Only offered with several images (a grid combines them). */
  multiOnly?: boolean;
  /**
   * The built-in engine does it only on some photos (a plain backdrop that differs from the
   * subject, server/engines/local/background-removal.ts): not proposed where it runs, since a
   * chip must work on any photo. Typed, it is still planned, and a photo it cannot do fails,
   * refunded (docs/product-rules.md#image-editing).
   */
  notOnBuiltIn?: boolean;
}

/** Edits the local engine understands, as chips (the fal engine understands any description). */
export const EDIT_SUGGESTIONS: readonly EditSuggestion[] = [
  { id: 'brighten', text: msg`Tăng độ sáng` },
  { id: 'darken', text: msg`Giảm độ sáng` },
  { id: 'contrast', text: msg`Tăng tương phản` },
  { id: 'vivid', text: msg`Màu rực rỡ hơn` },
  { id: 'warmer', text: msg`Ấm hơn` },
  { id: 'cooler', text: msg`Lạnh hơn` },
  { id: 'grayscale', text: msg`Đen trắng` },
  { id: 'vintage', text: msg`Ảnh cổ điển` },
  { id: 'auto', text: msg`Tự động cân bằng màu` },
  { id: 'sharpen', text: msg`Làm nét` },
  { id: 'blur', text: msg`Làm mờ` },
  { id: 'square', text: msg`Cắt 1:1` },
  { id: 'wide', text: msg`Cắt 16:9` },
  { id: 'rotate', text: msg`Xoay phải` },
  { id: 'flip', text: msg`Lật ngang` },
  { id: 'background', text: msg`Xóa nền`, notOnBuiltIn: true },
  { id: 'grid', text: msg`Ghép lưới`, multiOnly: true },
];

/**
 * The description with `phrase` added: as it is when empty, else after a comma (the engine
 * splits phrases at commas), starting in lower case to read as one sentence. A phrase already
 * in the description is not added twice.
 */
export function appendEditPhrase(description: string, phrase: string, locale = 'vi'): string {
  const base = description.replace(/[\s,;]+$/u, '');
  if (base === '') return phrase;
  if (base.toLocaleLowerCase(locale).includes(phrase.toLocaleLowerCase(locale))) return description;
  const lowered = phrase.charAt(0).toLocaleLowerCase(locale) + phrase.slice(1);
  return /[.!?]$/u.test(base) ? `${base} ${phrase}` : `${base}, ${lowered}`;
}

export type ImageCountProblem = 'imageCount' | 'singleOnly';

/**
 * Whether the number of images suits the mode: multi takes 2 to 10 (the contract's `imageCount`
 * message), single takes one. No images at all is the Generate button's `missingImage`.
 */
export function imageCountProblem(mode: EditMode, count: number): ImageCountProblem | null {
  if (mode === 'multi') return count < MIN_MULTI_EDIT_IMAGES || count > MAX_EDIT_IMAGES ? 'imageCount' : null;
  return count > 1 ? 'singleOnly' : null;
}

/** The chips to offer: multi-only ones with several images, and only what the engine running the tool does on any photo (null: not known yet, taken as the built-in one). */
export function offeredSuggestions(mode: EditMode, engine: EngineName | null): EditSuggestion[] {
  return EDIT_SUGGESTIONS.filter((suggestion) => (mode === 'multi' || !suggestion.multiOnly) && !(suggestion.notOnBuiltIn && engine !== 'fal'));
}
