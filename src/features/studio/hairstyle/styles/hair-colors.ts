import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Common hair colours, natural to fashion shades, as the contract's `#rrggbb` (lower case). */
export const HAIR_COLOR_PALETTE: ReadonlyArray<{ color: string; label: MessageDescriptor }> = [
  { color: '#1c1a19', label: msg`Đen tự nhiên` },
  { color: '#3b2a22', label: msg`Nâu đen` },
  { color: '#6a3f26', label: msg`Nâu hạt dẻ` },
  { color: '#8d5b3c', label: msg`Nâu sáng` },
  { color: '#a96f3d', label: msg`Nâu caramel` },
  { color: '#c99b5c', label: msg`Vàng mật ong` },
  { color: '#e4dccb', label: msg`Bạch kim` },
  { color: '#8c8a86', label: msg`Xám khói` },
  { color: '#6d1f2b', label: msg`Đỏ rượu vang` },
  { color: '#b5532b', label: msg`Cam đồng` },
  { color: '#d99aa8', label: msg`Hồng pastel` },
  { color: '#5b4a78', label: msg`Tím khói` },
];

/**
 * A colour typed or picked by the person as the contract's `#rrggbb` (lower case), or null when
 * it is not one: accepts `#rrggbb`, `rrggbb`, `#rgb` and `rgb`, any case, spaces around.
 */
export function normalizeHexColor(input: string): string | null {
  const text = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(text)) return `#${text}`;
  if (/^[0-9a-f]{3}$/.test(text)) return `#${[...text].map((digit) => digit + digit).join('')}`;
  return null;
}

/** The palette entry of a colour, if it is one of them. */
export function paletteEntry(color: string | undefined) {
  return color === undefined ? undefined : HAIR_COLOR_PALETTE.find((entry) => entry.color === color.toLowerCase());
}
