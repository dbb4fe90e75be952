import { describe, expect, it } from 'vitest';
import { HAIR_CATEGORIES, HAIRSTYLES, HAIRSTYLES_FEMALE, HAIRSTYLES_MALE } from '../../../../contract/generation-params.ts';
import { HAIR_COLOR_PALETTE, normalizeHexColor, paletteEntry } from './hair-colors.ts';
import { filterHairstyles, HAIRSTYLE_CATALOG } from './hairstyles.ts';

const ids = (list: { id: string }[]) => list.map((info) => info.id);

describe('hairstyle catalogue', () => {
  it('holds each of the contract’s 20 styles exactly once, with its gender', () => {
    expect(HAIRSTYLE_CATALOG).toHaveLength(20);
    expect(ids([...HAIRSTYLE_CATALOG]).toSorted()).toEqual([...HAIRSTYLES].toSorted());
    for (const info of HAIRSTYLE_CATALOG) expect(info.gender).toBe((HAIRSTYLES_FEMALE as readonly string[]).includes(info.id) ? 'female' : 'male');
    for (const info of HAIRSTYLE_CATALOG) expect(info.categories.length).toBeGreaterThan(0);
  });

  it('every style is in exactly one length category', () => {
    for (const info of HAIRSTYLE_CATALOG) expect(info.categories.filter((category) => ['short', 'medium', 'long'].includes(category))).toHaveLength(1);
  });

  it('filters by gender × category', () => {
    expect(ids(filterHairstyles('female', 'all'))).toEqual([...HAIRSTYLES_FEMALE]);
    expect(ids(filterHairstyles('male', 'all'))).toEqual([...HAIRSTYLES_MALE]);
    expect(ids(filterHairstyles('female', 'short'))).toEqual(['short-layered', 'modern-bob', 'pixie', 'short-c-curl']);
    expect(ids(filterHairstyles('female', 'medium'))).toEqual(['female-mullet-layer', 'noodle-curls']);
    expect(ids(filterHairstyles('female', 'long'))).toEqual(['long-straight-layer', 'long-loose-curls', 'hime', 'long-straight-middle-part']);
    expect(ids(filterHairstyles('female', 'curly'))).toEqual(['long-loose-curls', 'short-c-curl', 'noodle-curls']);
    expect(ids(filterHairstyles('male', 'short'))).toEqual(['undercut', 'side-part', 'short-quiff', 'crew-cut', 'two-block', 'french-crop', 'mohican']);
    expect(ids(filterHairstyles('male', 'medium'))).toEqual(['mullet', 'pompadour', 'mens-layer']);
    expect(filterHairstyles('male', 'long')).toEqual([]);
    expect(filterHairstyles('male', 'curly')).toEqual([]);
    expect(filterHairstyles('female', 'updo')).toEqual([]);
    // Every style is reachable through at least one category besides 'all'.
    const shown = HAIR_CATEGORIES.filter((category) => category !== 'all').flatMap((category) => [
      ...filterHairstyles('female', category),
      ...filterHairstyles('male', category),
    ]);
    expect(new Set(ids(shown))).toEqual(new Set(HAIRSTYLES));
  });
});

describe('hair colours', () => {
  it('normalises typed colours to lower-case #rrggbb', () => {
    expect(normalizeHexColor('#A1B2C3')).toBe('#a1b2c3');
    expect(normalizeHexColor(' a1b2c3 ')).toBe('#a1b2c3');
    expect(normalizeHexColor('#AbC')).toBe('#aabbcc');
    expect(normalizeHexColor('fff')).toBe('#ffffff');
    for (const bad of ['', '#', '#12345', '#1234567', 'red', '#gggggg', 'rgb(1,2,3)']) expect(normalizeHexColor(bad)).toBeNull();
  });

  it('palette colours are distinct contract colours', () => {
    for (const { color } of HAIR_COLOR_PALETTE) expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(HAIR_COLOR_PALETTE.map(({ color }) => color)).size).toBe(HAIR_COLOR_PALETTE.length);
    expect(paletteEntry('#6A3F26')?.color).toBe('#6a3f26');
    expect(paletteEntry('#123456')).toBeUndefined();
  });
});
