// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HairstyleRequestSchema } from '../../../../contract/generations.schema.ts';
import { HAIRSTYLES_FEMALE, HAIRSTYLES_MALE } from '../../../../contract/generation-params.ts';
import { HairCustomise, type HairCustomisation } from './HairCustomise.tsx';
import { HairstylePicker, INITIAL_HAIRSTYLE_SELECTION, type HairstyleSelection } from './HairstylePicker.tsx';
import { messages as enHairstyle } from '../../../../locales/en/studio/hairstyle.po';
import { renderControlled } from '../../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.load({ vi: {}, en: enHairstyle });
  i18n.activate('vi');
});
afterEach(() => {
  cleanup();
  i18n.activate('vi');
});

const renderPicker = (initial: HairstyleSelection = INITIAL_HAIRSTYLE_SELECTION) => renderControlled(HairstylePicker, initial);

/** The style ids of the cards shown, in order. */
const shownStyles = () => screen.queryAllByTestId(/^hairstyle-(?!picker|empty)/).map((card) => card.dataset.testid!.replace('hairstyle-', ''));

describe('HairstylePicker', () => {
  it("shows the ten styles of the chosen gender, each by its name in the reader's language only", () => {
    renderPicker();
    expect(shownStyles()).toEqual([...HAIRSTYLES_FEMALE]);
    // In Vietnamese the card carries the Vietnamese name and no English subtitle.
    expect(screen.getByTestId('hairstyle-modern-bob').textContent).toBe('Bob hiện đại');
    expect(screen.getByTestId('hairstyle-hime').textContent).toBe('Tóc công chúa Hime');
    fireEvent.click(screen.getByRole('radio', { name: 'Nam' }));
    expect(shownStyles()).toEqual([...HAIRSTYLES_MALE]);
    expect(screen.getByTestId('hairstyle-mens-layer').textContent).toBe('Layer nam');
  });

  it('shows the English names alone in English', () => {
    i18n.activate('en');
    renderPicker();
    expect(screen.getByTestId('hairstyle-modern-bob').textContent).toBe('Modern bob');
    expect(screen.getByTestId('hairstyle-pixie').textContent).toBe('Pixie');
  });

  it('filters by gender × category, with an empty state where no template fits', () => {
    renderPicker();
    fireEvent.click(screen.getByRole('radio', { name: /^Xoăn/ }));
    expect(shownStyles()).toEqual(['long-loose-curls', 'short-c-curl', 'noodle-curls']);
    fireEvent.click(screen.getByRole('radio', { name: /^Ngắn/ }));
    expect(shownStyles()).toEqual(['short-layered', 'modern-bob', 'pixie', 'short-c-curl']);
    fireEvent.click(screen.getByRole('radio', { name: 'Nam' }));
    expect(shownStyles()).toEqual(['undercut', 'side-part', 'short-quiff', 'crew-cut', 'two-block', 'french-crop', 'mohican']);
    fireEvent.click(screen.getByRole('radio', { name: /^Vừa/ }));
    expect(shownStyles()).toEqual(['mullet', 'pompadour', 'mens-layer']);
    fireEvent.click(screen.getByRole('radio', { name: /^Búi\/Updo/ }));
    expect(shownStyles()).toEqual([]);
    expect(screen.getByTestId('hairstyle-empty').textContent).toContain('ảnh tham khảo');
  });

  it('every style appears exactly once across the genders under “all”', () => {
    renderPicker();
    const female = shownStyles();
    fireEvent.click(screen.getByRole('radio', { name: 'Nam' }));
    const all = [...female, ...shownStyles()];
    expect(all).toHaveLength(20);
    expect(new Set(all).size).toBe(20);
  });

  it('selects one style, names it, clears it on a gender switch and on “Bỏ chọn”', () => {
    const seen = renderPicker();
    fireEvent.click(within(screen.getByTestId('hairstyle-pixie')).getByRole('radio'));
    expect(seen.latest).toEqual({ gender: 'female', category: 'all', style: 'pixie' });
    fireEvent.click(within(screen.getByTestId('hairstyle-hime')).getByRole('radio'));
    expect(seen.latest.style).toBe('hime');
    expect(screen.getAllByRole('radio', { checked: true }).filter((radio) => (radio as HTMLInputElement).name.endsWith('-style'))).toHaveLength(1);
    // The category filter hides it but keeps it chosen, and says which it is.
    fireEvent.click(screen.getByRole('radio', { name: /^Ngắn/ }));
    expect(seen.latest).toEqual({ gender: 'female', category: 'short', style: 'hime' });
    expect(screen.getByText('Đã chọn: Tóc công chúa Hime')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ chọn kiểu tóc' }));
    expect(seen.latest.style).toBeNull();
    fireEvent.click(within(screen.getByTestId('hairstyle-pixie')).getByRole('radio'));
    fireEvent.click(screen.getByRole('radio', { name: 'Nam' }));
    expect(seen.latest).toEqual({ gender: 'male', category: 'short', style: null });
  });

  it('shows only the English name in English', () => {
    i18n.activate('en');
    renderPicker();
    expect(screen.getByTestId('hairstyle-modern-bob').querySelector('[lang="en"]')).toBeNull();
  });
});

const renderCustomise = (initial: HairCustomisation = {}) => renderControlled(HairCustomise, initial);

const accepted = (color: string | undefined) =>
  v.safeParse(HairstyleRequestSchema, { feature: 'hairstyle-changer', inputs: { image: 'a' }, params: { style: 'pixie', color } }).success;

describe('HairCustomise', () => {
  it('outputs palette, picked and typed colours as #rrggbb', () => {
    const seen = renderCustomise();
    expect(screen.getByRole('radio', { name: 'Giữ màu tóc hiện tại' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Nâu hạt dẻ' }));
    expect(seen.latest.color).toBe('#6a3f26');
    expect(accepted(seen.latest.color)).toBe(true);

    fireEvent.input(screen.getByTestId('hair-color-well'), { target: { value: '#00AA11' } });
    expect(seen.latest.color).toBe('#00aa11');

    const hex = screen.getByTestId('hair-color-hex');
    fireEvent.change(hex, { target: { value: 'C0F' } });
    expect(seen.latest.color).toBe('#cc00ff');
    expect(accepted(seen.latest.color)).toBe(true);
    expect(screen.getByTestId('hair-color-current').textContent).toContain('#cc00ff');

    // Half a code is not sent: the colour stays the last valid one and the field says the format.
    fireEvent.change(hex, { target: { value: '#12' } });
    expect(seen.latest.color).toBe('#cc00ff');
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Nhập mã màu dạng #rrggbb, ví dụ #6a3f26.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Giữ màu tóc hiện tại' }));
    expect(seen.latest.color).toBeUndefined();
  });

  it('says the description is optional and passes it through', () => {
    const seen = renderCustomise({ color: '#1c1a19' });
    expect(screen.getByLabelText('Mô tả kiểu tóc (không bắt buộc)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('hair-prompt'), { target: { value: 'mái thưa' } });
    expect(seen.latest).toEqual({ color: '#1c1a19', prompt: 'mái thưa' });
  });
});
