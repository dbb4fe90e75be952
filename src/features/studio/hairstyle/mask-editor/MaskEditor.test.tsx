// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../../lib/toast.ts';
import { MaskEditor, type MaskEditorHandle } from './MaskEditor.tsx';
import { renderWithProviders } from '../../../../../tests/fixtures/render.tsx';

vi.mock('../../../../lib/toast.ts', () => ({ notify: { success: vi.fn<(title: string) => void>(), error: vi.fn<(title: string) => void>() } }));

/** The server's proposed hair area: the photo's top 50 rows (the request and the PNG decoding stand in for the network and the canvas). */
const PROPOSED_ROWS = 50;
vi.mock('../proposal/propose.ts', () => ({
  fetchProposal: vi.fn<() => Promise<unknown>>(() => Promise.resolve({ png: '', width: 200, height: 250, coverage: 0.2 })),
  decodeProposal: vi.fn<(answer: unknown, width: number, height: number) => Promise<Uint8ClampedArray>>((_answer, width, height) => {
    const mask = new Uint8ClampedArray(width * height);
    // PROPOSED_ROWS (the factory is hoisted above it).
    mask.fill(255, 0, width * 50);
    return Promise.resolve(mask);
  }),
}));

/** The photo: 200 × 250 px. The surface: 400 × 500 CSS px, so the fitted photo is drawn at 2×, filling it. */
const PHOTO = { width: 200, height: 250 };
const SURFACE = { width: 400, height: 500 };

beforeAll(() => {
  i18n.load('vi', {});
  i18n.activate('vi');
});

beforeEach(() => {
  // happy-dom lays nothing out: the surface gets its size here.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const box = this.dataset.testid === 'mask-surface' ? SURFACE : { width: 0, height: 0 };
    return { x: 0, y: 0, left: 0, top: 0, right: box.width, bottom: box.height, ...box, toJSON: () => box } as DOMRect;
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(notify.success).mockClear();
});

function renderEditor(onMaskReady = vi.fn<(mask: Blob) => void>(), proposeFor?: string) {
  const handle = createRef<MaskEditorHandle>();
  renderWithProviders(
    <MaskEditor
      ref={handle}
      imageUrl="/api/media/photo/original?exp=1&sig=ab"
      imageWidth={PHOTO.width}
      imageHeight={PHOTO.height}
      onMaskReady={onMaskReady}
      {...(proposeFor ? { proposeFor } : {})}
    />,
  );
  return { handle, onMaskReady, surface: screen.getByTestId('mask-surface'), exportButton: screen.getByTestId('mask-export') as HTMLButtonElement };
}

type Pointer = { pointerId?: number; pointerType?: 'mouse' | 'pen' | 'touch'; pressure?: number };

/** A drag through `points` (surface CSS px), as a browser sends it. */
function drag(surface: HTMLElement, points: [number, number][], { pointerId = 1, pointerType = 'mouse', pressure = 0.5 }: Pointer = {}) {
  const base = { pointerId, pointerType, pressure, isPrimary: true };
  const [first, ...rest] = points;
  fireEvent.pointerDown(surface, { ...base, clientX: first![0], clientY: first![1], button: 0, buttons: 1 });
  for (const [x, y] of rest) fireEvent.pointerMove(surface, { ...base, clientX: x, clientY: y, button: -1, buttons: 1 });
  const last = points.at(-1)!;
  fireEvent.pointerUp(surface, { ...base, clientX: last[0], clientY: last[1], button: 0, buttons: 0 });
}

async function decode(blob: Blob) {
  const png = Buffer.from(await blob.arrayBuffer());
  const metadata = await sharp(png).metadata();
  const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { metadata, at: (x: number, y: number) => data[y * metadata.width + x]!, data };
}

/** Distance from (px, py) to the segment a-b. */
function toSegment(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

const touch = (id: number) => ({ pointerId: id, pointerType: 'touch', pressure: 0.5, button: 0, buttons: 1 });

function setSize(size: number) {
  fireEvent.change(screen.getByLabelText('Cỡ cọ'), { target: { value: String(size) } });
}

describe('MaskEditor', () => {
  it('draws with pointer events and exports a mask of the drawn shape', async () => {
    const { onMaskReady, surface, exportButton } = renderEditor();
    expect(exportButton.disabled).toBe(true);
    expect(screen.getByText('Hãy tô lên phần tóc trước khi tạo mặt nạ.')).toBeTruthy();

    setSize(20);
    // Screen (100, 250) → (300, 250) is image (50, 125) → (150, 125) at 2 CSS px per image px.
    drag(surface, [
      [100, 250],
      [160, 250],
      [220, 250],
      [300, 250],
    ]);
    expect(exportButton.disabled).toBe(false);
    fireEvent.click(exportButton);
    await waitFor(() => expect(onMaskReady).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Tạo mặt nạ thành công'));
    expect(await screen.findByText('Mặt nạ đã sẵn sàng')).toBeTruthy();

    const blob = onMaskReady.mock.calls[0]![0];
    expect(blob.type).toBe('image/png');
    const mask = await decode(blob);
    // The photo's natural size, opaque greyscale.
    expect(mask.metadata).toMatchObject({ width: PHOTO.width, height: PHOTO.height, channels: 1, hasAlpha: false });
    // White within the stroke's radius (10 image px) of its path, black beyond it; only the
    // one-pixel anti-aliased rim may be grey.
    let rim = 0;
    const wrong: string[] = [];
    for (let y = 0; y < PHOTO.height; y++) {
      for (let x = 0; x < PHOTO.width; x++) {
        const distance = toSegment(x + 0.5, y + 0.5, [50, 125], [150, 125]);
        const expected = distance <= 9.5 ? 255 : distance >= 10.5 ? 0 : null;
        if (expected === null) rim++;
        else if (mask.at(x, y) !== expected) wrong.push(`(${x}, ${y}) is ${mask.at(x, y)}, not ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(rim).toBeGreaterThan(0);

    // Drawing again makes the mask out of date.
    drag(surface, [[50, 50]]);
    expect(screen.queryByText('Mặt nạ đã sẵn sàng')).toBeNull();
  });

  it('thins a pen’s line with its pressure', async () => {
    const { handle, surface } = renderEditor();
    setSize(40);
    drag(
      surface,
      [
        [100, 250],
        [200, 250],
        [300, 250],
      ],
      { pointerType: 'pen', pressure: 0.25 },
    );
    const mask = await decode(await handle.current!.exportMask());
    let run = 0;
    for (let y = 0; y < PHOTO.height; y++) if (mask.at(100, y) >= 128) run++;
    // 40 × (0.4 + 0.6 × 0.25) = 22 px.
    expect(run).toBe(22);
  });

  it('ignores a hand resting on the screen while a pen draws', () => {
    const { handle, surface } = renderEditor();
    const pen = { pointerId: 7, pointerType: 'pen', pressure: 0.8, buttons: 1 };
    fireEvent.pointerDown(surface, { ...pen, clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerDown(surface, { ...touch(1), clientX: 300, clientY: 400 });
    fireEvent.pointerDown(surface, { ...touch(2), clientX: 350, clientY: 450 });
    fireEvent.pointerMove(surface, { ...touch(2), clientX: 390, clientY: 490 });
    fireEvent.pointerMove(surface, { ...pen, clientX: 300, clientY: 100, button: -1 });
    fireEvent.pointerUp(surface, { ...pen, clientX: 300, clientY: 100, button: 0, buttons: 0 });
    expect(screen.getByTestId('mask-zoom').textContent).toContain('100%');
    expect((screen.getByRole('button', { name: 'Hoàn tác' }) as HTMLButtonElement).disabled).toBe(false);
    expect(handle.current!.isEmpty()).toBe(false);
  });

  it('undoes, redoes and clears, by buttons and keys; an empty mask cannot be exported', async () => {
    const { handle, surface, exportButton } = renderEditor();
    const undoButton = screen.getByRole('button', { name: 'Hoàn tác' }) as HTMLButtonElement;
    const redoButton = screen.getByRole('button', { name: 'Làm lại' }) as HTMLButtonElement;
    const clearButton = screen.getByRole('button', { name: 'Xóa toàn bộ mặt nạ' }) as HTMLButtonElement;
    expect([undoButton.disabled, redoButton.disabled, clearButton.disabled]).toEqual([true, true, true]);

    drag(surface, [
      [100, 100],
      [300, 100],
    ]);
    expect(exportButton.disabled).toBe(false);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(exportButton.disabled).toBe(true);
    expect(handle.current!.isEmpty()).toBe(true);
    await expect(handle.current!.exportMask()).rejects.toThrow('The mask is empty');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(exportButton.disabled).toBe(false);
    fireEvent.click(undoButton);
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(exportButton.disabled).toBe(false);

    fireEvent.click(clearButton);
    expect(exportButton.disabled).toBe(true);
    expect(clearButton.disabled).toBe(true);
    fireEvent.click(undoButton);
    expect(exportButton.disabled).toBe(false);

    // Keys typed in a text field are the field's.
    const field = document.createElement('textarea');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(exportButton.disabled).toBe(false);
    field.remove();

    // E picks the eraser; erasing the whole line empties the mask again.
    fireEvent.keyDown(window, { key: 'e' });
    expect(screen.getByRole('button', { name: 'Tẩy' }).getAttribute('aria-pressed')).toBe('true');
    setSize(40);
    drag(surface, [
      [60, 100],
      [340, 100],
    ]);
    expect(exportButton.disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'b' });
    expect(screen.getByRole('button', { name: 'Cọ tô' }).getAttribute('aria-pressed')).toBe('true');

    // [ and ] step the size.
    const slider = screen.getByLabelText('Cỡ cọ') as HTMLInputElement;
    fireEvent.keyDown(window, { key: ']' });
    expect(slider.value).toBe('46');
    fireEvent.keyDown(window, { key: '[' });
    fireEvent.keyDown(window, { key: '[' });
    expect(Number(slider.value)).toBeLessThan(46);
  });

  it('starts from the proposed hair area, refined with the eraser, undone and redone as one step', async () => {
    const { handle, surface, exportButton } = renderEditor(undefined, 'asset-1');
    // Without an asset id there is no proposal to offer; with one, its button loads with the editor.
    fireEvent.click(await screen.findByTestId('hair-proposal-button'));
    await waitFor(() => expect(screen.getByTestId('hair-proposal').dataset.state).toBe('done'));
    expect(exportButton.disabled).toBe(false);
    let mask = await decode(await handle.current!.exportMask());
    expect([mask.at(100, 10), mask.at(100, PROPOSED_ROWS - 1), mask.at(100, PROPOSED_ROWS + 1), mask.at(100, 200)]).toEqual([255, 255, 0, 0]);

    // The eraser takes a bite out of the proposal's middle: image (100, 25), 20 px wide.
    fireEvent.click(screen.getByRole('button', { name: 'Tẩy' }));
    setSize(20);
    drag(surface, [
      [200, 50],
      [202, 50],
    ]);
    mask = await decode(await handle.current!.exportMask());
    expect(mask.at(100, 25)).toBe(0);
    expect(mask.at(20, 25)).toBe(255);

    // Undo the eraser, then the proposal: blank again; redo brings the proposal back.
    fireEvent.click(screen.getByRole('button', { name: 'Hoàn tác' }));
    expect((await decode(await handle.current!.exportMask())).at(100, 25)).toBe(255);
    fireEvent.click(screen.getByRole('button', { name: 'Hoàn tác' }));
    expect(handle.current!.isEmpty()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Làm lại' }));
    expect((await decode(await handle.current!.exportMask())).at(100, 10)).toBe(255);
  });

  it('pinches with two fingers: the stroke of the first finger is cancelled, the view zooms and pans', async () => {
    const { handle, surface, exportButton } = renderEditor();
    fireEvent.pointerDown(surface, { ...touch(1), clientX: 100, clientY: 100 });
    fireEvent.pointerMove(surface, { ...touch(1), clientX: 100, clientY: 140 });
    fireEvent.pointerMove(surface, { ...touch(1), clientX: 100, clientY: 100 });
    expect(exportButton.disabled).toBe(true);
    // The second finger lands: the first finger's marks disappear, nothing is added to history.
    fireEvent.pointerDown(surface, { ...touch(2), clientX: 300, clientY: 300 });
    // Fingers twice as far apart: 200%, the image point under the first midpoint (100, 100)
    // now under the new midpoint (300, 300).
    fireEvent.pointerMove(surface, { ...touch(2), clientX: 500, clientY: 500 });
    expect(screen.getByTestId('mask-zoom').textContent).toContain('200%');
    fireEvent.pointerUp(surface, { ...touch(2), clientX: 500, clientY: 500, buttons: 0 });
    // The finger left behind does not draw.
    fireEvent.pointerMove(surface, { ...touch(1), clientX: 150, clientY: 150 });
    fireEvent.pointerUp(surface, { ...touch(1), clientX: 150, clientY: 150, buttons: 0 });
    expect((screen.getByRole('button', { name: 'Hoàn tác' }) as HTMLButtonElement).disabled).toBe(true);
    expect(handle.current!.isEmpty()).toBe(true);

    // View: zoom 2 (4 CSS px per image px), photo's corner at (-100, -100). A tap at (200, 200)
    // paints image point (75, 75) with the initial 10 px brush.
    drag(surface, [[200, 200]]);
    const mask = await decode(await handle.current!.exportMask());
    expect(mask.at(75, 75)).toBe(255);
    expect(mask.at(71, 75)).toBe(255);
    expect(mask.at(68, 75)).toBe(0);
    expect(mask.at(50, 50)).toBe(0);
    let painted = 0;
    for (const value of mask.data) if (value >= 128) painted++;
    // A 10 px dot: π × 5² ≈ 79 px.
    expect(painted).toBeGreaterThan(70);
    expect(painted).toBeLessThan(90);

    // The fit button returns to 100%.
    fireEvent.click(screen.getByRole('button', { name: 'Vừa khung' }));
    expect(screen.getByTestId('mask-zoom').textContent).toContain('100%');
  });

  it('zooms with ctrl+wheel around the pointer and shows the brush circle at the zoomed size', () => {
    const { surface } = renderEditor();
    const wheel = new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true });
    // happy-dom's WheelEvent is not a MouseEvent: it lacks the modifier keys and coordinates.
    Object.defineProperties(wheel, { ctrlKey: { value: true }, clientX: { value: 200 }, clientY: { value: 250 } });
    act(() => {
      surface.dispatchEvent(wheel);
    });
    expect(wheel.defaultPrevented).toBe(true);
    expect(screen.getByTestId('mask-zoom').textContent).toContain('200%');
    setSize(20);
    fireEvent.pointerMove(surface, { pointerId: 1, pointerType: 'mouse', clientX: 120, clientY: 130, buttons: 0 });
    const circle = surface.querySelector<HTMLElement>('[aria-hidden="true"]')!;
    expect(circle.hidden).toBe(false);
    // 20 image px × 4 CSS px per image px.
    expect(circle.style.width).toBe('80px');
    fireEvent.pointerLeave(surface, { pointerId: 1, pointerType: 'mouse' });
    expect(circle.hidden).toBe(true);
  });
});
