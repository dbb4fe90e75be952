// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { ReviewDialog, type ReviewItem } from './ReviewDialog.tsx';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(cleanup);

function item(id: string, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id,
    name: `${id}.jpg`,
    media_type: 'image',
    mime: 'image/jpeg',
    width: 2000,
    height: 1000,
    bytes: 2_516_582,
    duration_seconds: null,
    url: `/api/media/${id}/original?exp=1&sig=a`,
    poster_url: null,
    ...overrides,
  };
}

const items = [item('one'), item('two'), item('clip', { media_type: 'video', mime: 'video/mp4', name: 'clip.mp4', duration_seconds: 65, bytes: 900 })];

function renderViewer(initialIndex = 0) {
  const onIndexChange = vi.fn<(index: number) => void>();
  const onClose = vi.fn<() => void>();
  renderWithProviders(
    <ReviewDialog
      open
      onClose={onClose}
      items={items}
      initialIndex={initialIndex}
      onIndexChange={onIndexChange}
      renderActions={(current) => <button type="button">Tải {current.name}</button>}
    />,
  );
  return { onIndexChange, onClose };
}

const counter = () => screen.getByTestId('review-counter').querySelector('[aria-hidden="true"]')?.textContent;
const heading = () => screen.getByRole('heading').textContent;

describe('ReviewDialog', () => {
  test('shows the item, its details, the counter and the actions slot', () => {
    renderViewer();
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    expect(heading()).toBe('one.jpg');
    expect(counter()).toBe('1 / 3');
    expect(screen.getByText('2000 × 1000 px')).toBeTruthy();
    expect(screen.getByText('2,4 MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tải one.jpg' })).toBeTruthy();
    expect((screen.getByRole('img') as HTMLImageElement).getAttribute('alt')).toBe('one.jpg');
  });

  test('next and previous buttons move through the set and stop at its ends', () => {
    const { onIndexChange } = renderViewer();
    const prev = screen.getByTestId('review-prev') as HTMLButtonElement;
    const next = screen.getByTestId('review-next') as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    fireEvent.click(next);
    expect(counter()).toBe('2 / 3');
    expect(heading()).toBe('two.jpg');
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(next);
    expect(counter()).toBe('3 / 3');
    expect(heading()).toBe('clip.mp4');
    expect(next.disabled).toBe(true);
    // A video: played in place, with its length, and no zoom toolbar.
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(screen.queryByTestId('review-zoom-in')).toBeNull();
    fireEvent.click(prev);
    expect(counter()).toBe('2 / 3');
  });

  test('arrow keys go next and previous', () => {
    renderViewer(1);
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(counter()).toBe('1 / 3');
  });

  test('zoom buttons and keys zoom, and going to another item fits it again', () => {
    renderViewer();
    const stage = screen.getByTestId('review-stage');
    fireEvent.click(screen.getByTestId('review-zoom-in'));
    expect(stage.dataset.scale).toBe('1.5');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: '+' });
    expect(stage.dataset.scale).toBe('2.25');
    expect(screen.getByText('225%')).toBeTruthy();
    fireEvent.click(screen.getByTestId('review-zoom-out'));
    expect(stage.dataset.scale).toBe('1.5');
    fireEvent.click(screen.getByTestId('review-next'));
    expect(stage.dataset.scale).toBe('1');
  });

  test('a swipe on the fitted image goes to the next item', () => {
    renderViewer();
    const stage = screen.getByTestId('review-stage');
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 200, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 200, clientY: 210, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 180, clientY: 210, pointerType: 'touch' });
    expect(counter()).toBe('2 / 3');
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 100, clientY: 200, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 220, clientY: 200, pointerType: 'touch' });
    expect(counter()).toBe('1 / 3');
  });

  test('a double tap zooms in, another one fits again', () => {
    renderViewer();
    const stage = screen.getByTestId('review-stage');
    const tap = (id: number) => {
      fireEvent.pointerDown(stage, { pointerId: id, clientX: 0, clientY: 0, pointerType: 'touch' });
      fireEvent.pointerUp(stage, { pointerId: id, clientX: 0, clientY: 0, pointerType: 'touch' });
    };
    tap(1);
    tap(2);
    expect(stage.dataset.scale).toBe('2.5');
    tap(3);
    tap(4);
    expect(stage.dataset.scale).toBe('1');
  });

  test('a pinch zooms with the fingers, and its end is no swipe', () => {
    renderViewer();
    const stage = screen.getByTestId('review-stage');
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 50, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 2, clientX: 250, clientY: 100, pointerType: 'touch' });
    expect(stage.dataset.scale).toBe('2');
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 250, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: -100, clientY: 100, pointerType: 'touch' });
    expect(counter()).toBe('1 / 3');
  });

  test('Escape closes', () => {
    const { onClose } = renderViewer();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
