// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { CompareSlider } from './CompareSlider.tsx';
import { positionFromKey, positionFromPointer } from './position.ts';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(cleanup);

function renderSlider(onPositionChange = vi.fn<(position: number) => void>()) {
  renderWithProviders(
    <CompareSlider
      before={{ src: '/before.jpg', alt: 'Ảnh gốc' }}
      after={{ src: '/after.jpg', alt: 'Ảnh kết quả' }}
      width={1200}
      height={1600}
      onPositionChange={onPositionChange}
    />,
  );
  return { slider: screen.getByRole('slider'), onPositionChange };
}

const beforeImage = () => screen.getByAltText('Ảnh gốc') as HTMLImageElement;

describe('CompareSlider', () => {
  test('is an ARIA slider starting in the middle, with both labels', () => {
    const { slider } = renderSlider();
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(slider.getAttribute('aria-label')).toBe('So sánh ảnh trước và sau');
    expect(slider.tabIndex).toBe(0);
    expect(screen.getByText('Trước')).toBeTruthy();
    expect(screen.getByText('Sau')).toBeTruthy();
    expect(beforeImage().style.clipPath).toBe('inset(0 50% 0 0)');
  });

  test('arrow, Page, Home and End keys move the divider and the clip', () => {
    const { slider, onPositionChange } = renderSlider();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('51');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('49');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(slider.getAttribute('aria-valuenow')).toBe('59');
    expect(slider.getAttribute('aria-valuetext')).toBe('59% ảnh trước');
    expect(beforeImage().style.clipPath).toBe('inset(0 41% 0 0)');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(onPositionChange).toHaveBeenLastCalledWith(0);
    // Other keys are left alone (Tab still leaves the slider).
    const tab = fireEvent.keyDown(slider, { key: 'Tab' });
    expect(tab).toBe(true);
  });

  test('a drag moves the divider under the pointer', () => {
    const { slider } = renderSlider();
    const root = screen.getByTestId('compare-slider');
    root.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 300, right: 500, bottom: 300, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(root, { pointerId: 1, button: 0, clientX: 200 });
    expect(slider.getAttribute('aria-valuenow')).toBe('25');
    fireEvent.pointerMove(root, { pointerId: 1, clientX: 450 });
    expect(slider.getAttribute('aria-valuenow')).toBe('88');
    fireEvent.pointerUp(root, { pointerId: 1, clientX: 450 });
    fireEvent.pointerMove(root, { pointerId: 1, clientX: 150 });
    expect(slider.getAttribute('aria-valuenow')).toBe('88');
  });
});

describe('position', () => {
  test('pointer positions are clamped to the box', () => {
    expect(positionFromPointer(50, 100, 400)).toBe(0);
    expect(positionFromPointer(700, 100, 400)).toBe(100);
    expect(positionFromPointer(300, 100, 400)).toBe(50);
    expect(positionFromPointer(300, 100, 0)).toBe(50);
  });

  test('keys step by 1 and 10 and ignore others', () => {
    expect(positionFromKey(50, 'ArrowUp')).toBe(51);
    expect(positionFromKey(50, 'ArrowDown')).toBe(49);
    expect(positionFromKey(5, 'PageDown')).toBe(0);
    expect(positionFromKey(50, 'a')).toBeNull();
  });
});
