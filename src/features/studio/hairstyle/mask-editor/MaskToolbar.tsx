import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BrushIcon, ClearIcon, EraserIcon, FitIcon, OverlayIcon, RedoIcon, UndoIcon, ZoomInIcon, ZoomOutIcon } from './icons.tsx';
import { canRedo, canUndo, MAX_ZOOM, MIN_ZOOM, visibleStrokes, ZOOM_STEP, type History, type Tool, type View } from './mask-model.ts';
import * as s from './mask-editor.css.ts';

export interface MaskToolbarProps {
  tool: Tool;
  onTool: (tool: Tool) => void;
  size: number;
  range: { min: number; max: number };
  onSize: (size: number) => void;
  history: History;
  view: View;
  overlayVisible: boolean;
  onOverlay: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  onZoom: (factor: number) => void;
  onFit: () => void;
}

/** The mask editor's toolbar: brush and eraser, size, undo/redo, clear, overlay, zoom; each names its key. */
export function MaskToolbar(props: MaskToolbarProps) {
  const { tool, onTool: setTool, size, range, onSize, history, view, overlayVisible, onOverlay, onUndo: doUndo, onRedo: doRedo, onClear: doClear, onZoom: zoomButton, onFit: resetZoom } = props;
  const { t } = useLingui();
  const sizeId = useId();
  const zoomPercent = Math.round(view.zoom * 100);
  const sizeText = `${size} px`;
  const undoLabel = t`Hoàn tác`;
  const redoLabel = t`Làm lại`;
  const clearLabel = t`Xóa toàn bộ mặt nạ`;
  const zoomInLabel = t`Phóng to`;
  const zoomOutLabel = t`Thu nhỏ`;
  const fitLabel = t`Vừa khung`;
  const overlayLabel = t`Hiện lớp phủ mặt nạ`;
  const brushLabel = t`Cọ tô`;
  const eraserLabel = t`Tẩy`;

  return (
  <div className={s.toolbar} role="group" aria-label={t`Công cụ vẽ mặt nạ`}>
    <div className={s.group}>
      <button type="button" className={s.toolButton} aria-pressed={tool === 'brush'} aria-keyshortcuts="B" title={`${brushLabel} (B)`} onClick={() => setTool('brush')}>
        <BrushIcon />
        {brushLabel}
      </button>
      <button type="button" className={s.toolButton} aria-pressed={tool === 'eraser'} aria-keyshortcuts="E" title={`${eraserLabel} (E)`} onClick={() => setTool('eraser')}>
        <EraserIcon />
        {eraserLabel}
      </button>
    </div>
    <div className={s.sizeControl}>
      <label htmlFor={sizeId}>
        <Trans>Cỡ cọ</Trans>
      </label>
      <input
        id={sizeId}
        className={s.slider}
        type="range"
        min={range.min}
        max={range.max}
        step={1}
        value={size}
        aria-valuetext={sizeText}
        aria-keyshortcuts="[ ]"
        onChange={(event) => onSize(Number(event.currentTarget.value))}
      />
      <span className={s.readout} aria-hidden="true">
        {sizeText}
      </span>
    </div>
    <div className={s.group}>
      <button type="button" className={s.toolButton} aria-label={undoLabel} aria-keyshortcuts="Control+Z" title={`${undoLabel} (Ctrl+Z)`} disabled={!canUndo(history)} onClick={doUndo}>
        <UndoIcon />
      </button>
      <button
        type="button"
        className={s.toolButton}
        aria-label={redoLabel}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        title={`${redoLabel} (Ctrl+Shift+Z)`}
        disabled={!canRedo(history)}
        onClick={doRedo}
      >
        <RedoIcon />
      </button>
      <button type="button" className={s.toolButton} aria-label={clearLabel} title={clearLabel} disabled={visibleStrokes(history).length === 0} onClick={doClear}>
        <ClearIcon />
      </button>
      <button type="button" className={s.toolButton} aria-label={overlayLabel} title={overlayLabel} aria-pressed={overlayVisible} onClick={onOverlay}>
        <OverlayIcon />
      </button>
    </div>
    <div className={s.group}>
      <button type="button" className={s.toolButton} aria-label={zoomOutLabel} title={zoomOutLabel} disabled={view.zoom <= MIN_ZOOM} onClick={() => zoomButton(1 / ZOOM_STEP)}>
        <ZoomOutIcon />
      </button>
      <span className={s.readout} data-testid="mask-zoom">
        <span className={s.help}>
          <Trans>Thu phóng</Trans>
        </span>{' '}
        {zoomPercent}%
      </span>
      <button type="button" className={s.toolButton} aria-label={zoomInLabel} title={zoomInLabel} disabled={view.zoom >= MAX_ZOOM} onClick={() => zoomButton(ZOOM_STEP)}>
        <ZoomInIcon />
      </button>
      <button type="button" className={s.toolButton} aria-label={fitLabel} title={fitLabel} disabled={view.zoom <= MIN_ZOOM} onClick={resetZoom}>
        <FitIcon />
      </button>
    </div>
  </div>
  );
}
