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
/** A finger put down on, moved over or lifted from an element (pointer `id`, at x, y). */
const touch = (phase: 'down' | 'move' | 'up', target: Element, id: number, x: number, y: number) =>
  ({ down: fireEvent.pointerDown, move: fireEvent.pointerMove, up: fireEvent.pointerUp })[phase](target, {
    pointerId: id,
    clientX: x,
    clientY: y,
    pointerType: 'touch',
  });
/** One finger's stroke: put down at the first point, moved through the ones between, lifted at the last. */
function stroke(target: Element, id: number, ...points: [number, number][]) {
  points.forEach(([x, y], index) => touch(index === 0 ? 'down' : index === points.length - 1 ? 'up' : 'move', target, id, x, y));
}

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
    stroke(stage, 1, [300, 200], [200, 210], [180, 210]);
    expect(counter()).toBe('2 / 3');
    stroke(stage, 2, [100, 200], [220, 200]);
    expect(counter()).toBe('1 / 3');
  });

  test('a double tap zooms in, another one fits again', () => {
    renderViewer();
    const stage = screen.getByTestId('review-stage');
    const tap = (id: number) => stroke(stage, id, [0, 0], [0, 0]);
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
    touch('down', stage, 1, 100, 100);
    touch('down', stage, 2, 200, 100);
    touch('move', stage, 1, 50, 100);
    touch('move', stage, 2, 250, 100);
    expect(stage.dataset.scale).toBe('2');
    touch('up', stage, 2, 250, 100);
    touch('up', stage, 1, -100, 100);
    expect(counter()).toBe('1 / 3');
  });

  test('Escape closes', () => {
    const { onClose } = renderViewer();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
