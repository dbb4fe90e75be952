// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkPrerequisites } from '../../../contract/generations.ts';
import { BodyParamsForm } from './BodyParamsForm.tsx';
import { INITIAL_BODY_PARAMS, MAX_STYLE_HINTS, type BodyParams } from './body-params.ts';
import { renderControlled } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.load('vi', {});
  i18n.activate('vi');
});
afterEach(cleanup);

/** The form under a parent that holds its state, as a screen does; `latest` is the last value given. */
const renderForm = (initial: BodyParams = INITIAL_BODY_PARAMS) => renderControlled(BodyParamsForm, initial);

const missingList = () => screen.queryByTestId('body-missing');

describe('BodyParamsForm', () => {
  it('lists the missing fields, then produces parameters that pass the prerequisites', () => {
    const seen = renderForm();
    const missing = missingList()!;
    expect(missing.textContent).toContain('Vui lòng điền đầy đủ các thông số cơ thể trước khi tạo.');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Giới tính', 'Màu da', 'Dáng người']);

    fireEvent.click(screen.getByRole('radio', { name: 'Nữ' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Rám nắng' }));
    expect(
      within(missingList()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dáng người']);
    expect(checkPrerequisites({ feature: 'body-generator', inputs: {}, params: seen.latest })).toBe('bodyParametersRequired');

    fireEvent.click(screen.getByRole('radio', { name: /Đầy đặn \/ cong/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^9:16/ }));
    expect(missingList()).toBeNull();
    expect(seen.latest).toMatchObject({ gender: 'female', skin_tone: 'tan', body_type: 'endomorph', aspect_ratio: '9:16', height: 165, weight: 55, age: 25 });
    expect(checkPrerequisites({ feature: 'body-generator', inputs: {}, params: seen.latest })).toBeNull();
  });

  it('names every skin tone and describes every body type', () => {
    renderForm();
    for (const name of ['Trắng hồng', 'Sáng', 'Trung bình', 'Ô liu', 'Rám nắng', 'Nâu', 'Nâu sẫm']) expect(screen.getByRole('radio', { name })).toBeTruthy();
    const slim = screen.getByRole('radio', { name: /Gầy \/ thon/ });
    expect(document.getElementById(slim.getAttribute('aria-describedby')!)!.textContent).toContain('mảnh mai');
  });

  it('unsets a measurement typed out of range and says the range', () => {
    const seen = renderForm({ ...INITIAL_BODY_PARAMS, gender: 'male', skin_tone: 'fair', body_type: 'ectomorph' });
    expect(missingList()).toBeNull();
    fireEvent.change(screen.getByTestId('body-height'), { target: { value: '300' } });
    expect(seen.latest.height).toBeNull();
    expect(screen.getByText('Nhập từ 140 đến 210 cm.')).toBeTruthy();
    expect(
      within(missingList()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Chiều cao']);
    fireEvent.change(screen.getByTestId('body-height'), { target: { value: '182' } });
    expect(seen.latest.height).toBe(182);
    expect(missingList()).toBeNull();
  });

  it('keeps each character typed into a measurement, and the value once the box is left', () => {
    const seen = renderForm();
    const height = screen.getByTestId('body-height') as HTMLInputElement;
    fireEvent.focus(height);
    fireEvent.change(height, { target: { value: '' } });
    for (const key of '168') {
      fireEvent.change(height, { target: { value: height.value + key } });
    }
    expect(height.value).toBe('168');
    expect(seen.latest.height).toBe(168);
    fireEvent.blur(height);
    expect(height.value).toBe('168');
    // On the way to a valid value the box keeps what was typed, and only says the range.
    fireEvent.focus(height);
    fireEvent.change(height, { target: { value: '1' } });
    expect(height.value).toBe('1');
    fireEvent.change(height, { target: { value: '17' } });
    expect(height.value).toBe('17');
    expect(seen.latest.height).toBeNull();
    fireEvent.change(height, { target: { value: '175' } });
    expect(height.value).toBe('175');
    expect(seen.latest.height).toBe(175);
  });

  it('shows the BMI of the height and weight', () => {
    renderForm();
    // 55 kg / 1.65² m = 20.2 kg/m²: normal; Vietnamese writes a decimal comma.
    expect(screen.getByTestId('body-bmi').textContent).toContain('20,2');
    expect(screen.getByTestId('body-bmi').textContent).toContain('Bình thường');
    fireEvent.change(screen.getByTestId('body-weight'), { target: { value: '81' } });
    fireEvent.change(screen.getByTestId('body-height'), { target: { value: '180' } });
    // 81 / 1.8² = 25.0: overweight.
    expect(screen.getByTestId('body-bmi').textContent).toContain('25,0');
    expect(screen.getByTestId('body-bmi').textContent).toContain('Thừa cân');
    fireEvent.change(screen.getByTestId('body-weight'), { target: { value: '' } });
    expect(screen.getByTestId('body-bmi').textContent).toContain('—');
  });

  it('adds style hints up to the maximum and removes them', () => {
    const seen = renderForm();
    const hints = screen.getByTestId('style-hints');
    const field = within(hints).getByRole('textbox', { name: 'Thêm gợi ý phong cách' }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'Váy hoa mùa hè' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(seen.latest.style_hints).toEqual(['Váy hoa mùa hè']);
    expect(field.value).toBe('');

    // Suggestions fill the rest; at the maximum the field and the remaining suggestions are disabled.
    const suggestions = within(hints).getAllByRole('button', { name: /^Thêm “/ });
    expect(suggestions.length).toBeGreaterThanOrEqual(MAX_STYLE_HINTS - 1);
    for (const button of suggestions.slice(0, MAX_STYLE_HINTS - 1)) fireEvent.click(button);
    expect(seen.latest.style_hints).toHaveLength(MAX_STYLE_HINTS);
    expect(field.disabled).toBe(true);
    for (const button of within(hints).queryAllByRole('button', { name: /^Thêm “/ })) expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(hints).getByText(`${MAX_STYLE_HINTS}/${MAX_STYLE_HINTS} gợi ý`)).toBeTruthy();

    fireEvent.click(within(hints).getByRole('button', { name: 'Xóa gợi ý “Váy hoa mùa hè”' }));
    expect(seen.latest.style_hints).toHaveLength(MAX_STYLE_HINTS - 1);
    expect(seen.latest.style_hints).not.toContain('Váy hoa mùa hè');
    expect(field.disabled).toBe(false);
  });

  it('refuses a repeated hint with a message', () => {
    const seen = renderForm({ ...INITIAL_BODY_PARAMS, style_hints: ['Áo dài'] });
    const field = screen.getByRole('textbox', { name: 'Thêm gợi ý phong cách' });
    fireEvent.change(field, { target: { value: 'áo dài' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(seen.latest.style_hints).toEqual(['Áo dài']);
    expect(screen.getByRole('alert').textContent).toBe('Gợi ý này đã có trong danh sách.');
  });
});
