import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconEye } from '../../../../ui/icons/auth/IconEye.tsx';
import { IconBrush } from '../../../../ui/icons/media/IconBrush.tsx';
import { IconEraser } from '../../../../ui/icons/media/IconEraser.tsx';
import { IconFit } from '../../../../ui/icons/media/IconFit.tsx';
import { IconRedo } from '../../../../ui/icons/media/IconRedo.tsx';
import { IconTrash } from '../../../../ui/icons/media/IconTrash.tsx';
import { IconUndo } from '../../../../ui/icons/media/IconUndo.tsx';
import { IconZoomIn } from '../../../../ui/icons/media/IconZoomIn.tsx';
import { IconZoomOut } from '../../../../ui/icons/media/IconZoomOut.tsx';
import { canRedo, canUndo, isBlank, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP, type History, type Tool, type View } from './mask-model.ts';
import { TOOL_ICON } from './tool-icon.ts';
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
  const {
    tool,
    onTool: setTool,
    size,
    range,
    onSize,
    history,
    view,
    overlayVisible,
    onOverlay,
    onUndo: doUndo,
    onRedo: doRedo,
    onClear: doClear,
    onZoom: zoomButton,
    onFit: resetZoom,
  } = props;
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
        <button
          type="button"
          className={s.toolButton}
          aria-pressed={tool === 'brush'}
          aria-keyshortcuts="B"
          title={`${brushLabel} (B)`}
          onClick={() => setTool('brush')}
        >
          <IconBrush {...TOOL_ICON} />
          {brushLabel}
        </button>
        <button
          type="button"
          className={s.toolButton}
          aria-pressed={tool === 'eraser'}
          aria-keyshortcuts="E"
          title={`${eraserLabel} (E)`}
          onClick={() => setTool('eraser')}
        >
          <IconEraser {...TOOL_ICON} />
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
        <button
          type="button"
          className={s.toolButton}
          aria-label={undoLabel}
          aria-keyshortcuts="Control+Z"
          title={`${undoLabel} (Ctrl+Z)`}
          disabled={!canUndo(history)}
          onClick={doUndo}
        >
          <IconUndo {...TOOL_ICON} />
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
          <IconRedo {...TOOL_ICON} />
        </button>
        <button type="button" className={s.toolButton} aria-label={clearLabel} title={clearLabel} disabled={isBlank(history)} onClick={doClear}>
          <IconTrash {...TOOL_ICON} />
        </button>
        <button type="button" className={s.toolButton} aria-label={overlayLabel} title={overlayLabel} aria-pressed={overlayVisible} onClick={onOverlay}>
          <IconEye {...TOOL_ICON} />
        </button>
      </div>
      <div className={s.group}>
        <button
          type="button"
          className={s.toolButton}
          aria-label={zoomOutLabel}
          title={zoomOutLabel}
          disabled={view.zoom <= MIN_ZOOM}
          onClick={() => zoomButton(1 / ZOOM_STEP)}
        >
          <IconZoomOut {...TOOL_ICON} />
        </button>
        <span className={s.readout} data-testid="mask-zoom">
          <span className={s.help}>
            <Trans>Thu phóng</Trans>
          </span>{' '}
          {zoomPercent}%
        </span>
        <button
          type="button"
          className={s.toolButton}
          aria-label={zoomInLabel}
          title={zoomInLabel}
          disabled={view.zoom >= MAX_ZOOM}
          onClick={() => zoomButton(ZOOM_STEP)}
        >
          <IconZoomIn {...TOOL_ICON} />
        </button>
        <button type="button" className={s.toolButton} aria-label={fitLabel} title={fitLabel} disabled={view.zoom <= MIN_ZOOM} onClick={resetZoom}>
          <IconFit {...TOOL_ICON} />
        </button>
      </div>
    </div>
  );
}
