import { lazy, Suspense, useCallback, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addCatalog, type Catalog } from '../../../../lib/i18n.ts';
import { notify } from '../../../../lib/toast.ts';
import { button } from '../../../../ui/button.ts';
import { IconCheck } from '../../../../ui/icons/app/IconCheck.tsx';
import { TOOL_ICON } from './tool-icon.ts';
import { maskToPng, paintOverlay } from './mask-canvas.ts';
import {
  brushSizeRange,
  clearAll,
  EMPTY_HISTORY,
  fittedView,
  loadMask,
  MIN_MASK_COVERAGE,
  MIN_ZOOM,
  redo,
  stepBrushSize,
  undo,
  viewScale,
  visiblePainting,
  zoomBy,
  type History,
  type Size,
  type Tool,
  type View,
} from './mask-model.ts';
import { MaskRaster, strokePixelRect } from './mask-raster.ts';
import { MaskToolbar } from './MaskToolbar.tsx';
import { useMaskGestures } from './use-mask-gestures.ts';
import { useMaskShortcuts } from './use-mask-shortcuts.ts';
import * as s from './mask-editor.css.ts';

export interface MaskEditorHandle {
  /**
   * The mask as a PNG Blob: the photo's natural size, opaque, white where the hair is to change
   * and black elsewhere. Rejects while the mask is empty. Shows no toast (the button does).
   */
  exportMask(): Promise<Blob>;
  /** Whether too little is painted to make a mask. */
  isEmpty(): boolean;
}

export interface MaskEditorProps {
  /** The portrait to paint over (an object URL before upload, or the asset's media URL). */
  imageUrl: string;
  /** The photo's natural size in pixels: the mask is painted and exported at this size. */
  imageWidth: number;
  imageHeight: number;
  /**
   * Called with the mask when the person presses "Tạo mặt nạ". The success toast shows once it
   * resolves; when it rejects, the caller reports its own error (an upload's, for instance).
   */
  onMaskReady?: (mask: Blob) => void | Promise<void>;
  /** Called after every change to the painting (stroke, undo, redo, clear): a mask made earlier is then out of date. */
  onChange?: (empty: boolean) => void;
  /** The portrait's asset id: offers "Đề xuất vùng tóc", the server's proposed hair area as the painting to start from. */
  proposeFor?: string;
  ref?: Ref<MaskEditorHandle>;
}

/** The proposal's words (lingui.config.ts, HAIR_PROPOSAL_FOLDER). */
const HAIR_PROPOSAL_CATALOG: Catalog = {
  vi: async () => (await import('../../../../locales/vi/lazy/hair-proposal.po')).messages,
  en: async () => (await import('../../../../locales/en/lazy/hair-proposal.po')).messages,
};

/** The proposal's button and states, with their catalog: loaded with the editor's first render, never with the page. */
const HairProposal = lazy(() =>
  Promise.all([import('../proposal/HairProposal.tsx'), addCatalog(HAIR_PROPOSAL_CATALOG)]).then(([module]) => ({ default: module.HairProposal })),
);

/**
 * The hair mask editor (docs/product-rules.md#mask-editor): paint over the hair to change.
 * One finger, a pen or the mouse draws (a pen's pressure thins the line); two fingers pinch to
 * zoom and pan; ctrl+wheel (or a trackpad pinch) zooms, the wheel pans once zoomed in. Brush and
 * eraser, size, undo/redo, clear, overlay toggle and zoom buttons, with the keys B, E, [, ],
 * Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y.
 *
 * The painting restarts when another photo (or size) is given; a re-signed URL of the same
 * photo (another query string) keeps it.
 */
export function MaskEditor(props: MaskEditorProps) {
  const photoKey = `${props.imageUrl.split('?')[0]}#${props.imageWidth}x${props.imageHeight}`;
  return <Editor key={photoKey} {...props} />;
}

function Editor({ imageUrl, imageWidth, imageHeight, onMaskReady, onChange, proposeFor, ref }: MaskEditorProps) {
  const { t } = useLingui();
  const [image] = useState<Size>(() => ({ width: Math.max(1, Math.round(imageWidth)), height: Math.max(1, Math.round(imageHeight)) }));
  const [raster] = useState(() => new MaskRaster(image.width, image.height));
  const [range] = useState(() => brushSizeRange(image));

  const [tool, setTool] = useState<Tool>('brush');
  const [size, setSize] = useState(range.initial);
  const [overlayVisible, setOverlayVisible] = useState(true);
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  const [view, setView] = useState<View>({ zoom: MIN_ZOOM, x: 0, y: 0 });
  const [empty, setEmpty] = useState(true);
  const [revision, setRevision] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [exportedRevision, setExportedRevision] = useState<number | null>(null);

  // Pointer and key handlers read the latest values from refs: a gesture spans many events,
  // and state set by one event is not rendered before the next arrives.
  const historyRef = useRef(history);
  const viewRef = useRef(view);
  const toolRef = useRef(tool);
  const sizeRef = useRef(size);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    toolRef.current = tool;
    sizeRef.current = size;
    onChangeRef.current = onChange;
  });

  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const helpId = useId();
  const hintId = useId();

  const applyView = useCallback((next: View) => {
    viewRef.current = next;
    setView(next);
  }, []);

  const applyHistory = useCallback((next: History) => {
    historyRef.current = next;
    setHistory(next);
  }, []);

  /** After a change to the painting is complete: emptiness, revision, the caller. */
  const settled = useCallback(() => {
    const isEmpty = raster.coverage() < MIN_MASK_COVERAGE;
    setEmpty(isEmpty);
    setRevision((r) => r + 1);
    onChangeRef.current?.(isEmpty);
  }, [raster]);

  const { surfaceEl, cursorEl, surfaceRef, surfaceSize, drawing, handlers } = useMaskGestures(
    { image, raster, viewRef, historyRef, toolRef, sizeRef, canvasRef, applyView, applyHistory, settled },
    size,
    view,
  );

  // --- commands ---------------------------------------------------------------------------------

  const doUndo = () => {
    const before = historyRef.current;
    const last = before.done.at(-1);
    if (!last || drawing()) return;
    const next = undo(before);
    applyHistory(next);
    // Only the undone stroke's pixels can change; undoing a clear brings everything back.
    const rect = last.kind === 'stroke' ? strokePixelRect(last.stroke) : raster.bounds;
    const { base, strokes } = visiblePainting(next);
    raster.replay(strokes, rect, base);
    paintOverlay(canvasRef.current, raster, rect);
    settled();
  };

  const doRedo = () => {
    const before = historyRef.current;
    const operation = before.undone.at(-1);
    if (!operation || drawing()) return;
    applyHistory(redo(before));
    // The redone step comes last, so painting it over the current mask equals a replay.
    if (operation.kind === 'stroke') paintOverlay(canvasRef.current, raster, raster.paintStroke(operation.stroke));
    else {
      raster.replay([], raster.bounds, operation.kind === 'load' ? operation.mask : null);
      paintOverlay(canvasRef.current, raster);
    }
    settled();
  };

  /** The proposed hair area becomes the painting, as one undoable step. */
  const loadProposal = (mask: Uint8ClampedArray) => {
    if (drawing() || mask.length !== raster.data.length) return;
    applyHistory(loadMask(historyRef.current, mask));
    raster.replay([], raster.bounds, mask);
    paintOverlay(canvasRef.current, raster);
    settled();
  };

  const doClear = () => {
    const before = historyRef.current;
    const next = clearAll(before);
    if (next === before || drawing()) return;
    applyHistory(next);
    raster.clear();
    paintOverlay(canvasRef.current, raster);
    settled();
  };

  const zoomButton = (factor: number) => applyView(zoomBy(viewRef.current, factor, surfaceRef.current, image));
  const resetZoom = () => applyView(fittedView(surfaceRef.current, image));
  const changeSize = (direction: 1 | -1) => setSize((current) => stepBrushSize(current, direction, range));

  useMaskShortcuts(rootRef, { undo: doUndo, redo: doRedo, changeSize, setTool });

  // --- export -----------------------------------------------------------------------------------

  const exportMask = useCallback(async (): Promise<Blob> => {
    if (raster.coverage() < MIN_MASK_COVERAGE) throw new Error('The mask is empty: paint over the hair first');
    return maskToPng(raster);
  }, [raster]);

  useImperativeHandle(ref, () => ({ exportMask, isEmpty: () => raster.coverage() < MIN_MASK_COVERAGE }), [exportMask, raster]);

  const createMask = async () => {
    const at = revision;
    setExporting(true);
    try {
      let mask: Blob;
      try {
        mask = await exportMask();
      } catch {
        notify.error(t`Không tạo được mặt nạ. Vui lòng thử lại.`);
        return;
      }
      try {
        await onMaskReady?.(mask);
      } catch {
        // The caller reports its own failure (an upload's message, for instance).
        return;
      }
      setExportedRevision(at);
      notify.success(t`Tạo mặt nạ thành công`);
    } finally {
      setExporting(false);
    }
  };

  // --- render -----------------------------------------------------------------------------------

  const scale = viewScale(view, surfaceSize, image);

  return (
    <div ref={rootRef} className={s.root} data-testid="mask-editor">
      {proposeFor && (
        <Suspense fallback={null}>
          <HairProposal imageId={proposeFor} width={image.width} height={image.height} painted={!empty} onProposal={loadProposal} />
        </Suspense>
      )}
      <MaskToolbar
        tool={tool}
        onTool={setTool}
        size={size}
        range={range}
        onSize={setSize}
        history={history}
        view={view}
        overlayVisible={overlayVisible}
        onOverlay={() => setOverlayVisible((on) => !on)}
        onUndo={doUndo}
        onRedo={doRedo}
        onClear={doClear}
        onZoom={zoomButton}
        onFit={resetZoom}
      />

      <div
        ref={surfaceEl}
        className={s.surface}
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        data-testid="mask-surface"
        data-tool={tool}
        {...handlers}
      >
        <div
          className={s.stage}
          role="img"
          aria-label={t`Ảnh chân dung để tô mặt nạ tóc`}
          aria-describedby={helpId}
          style={{ width: image.width, height: image.height, transform: `translate(${view.x}px, ${view.y}px) scale(${scale})` }}
        >
          <img className={s.photo} src={imageUrl} width={image.width} height={image.height} alt="" draggable={false} />
          <canvas ref={canvasRef} className={s.overlay} width={image.width} height={image.height} data-visible={overlayVisible} data-testid="mask-overlay" />
        </div>
        <div ref={cursorEl} className={s.cursor[tool]} hidden aria-hidden="true" />
      </div>
      <p id={helpId} className={s.help}>
        <Trans>Tô lên phần tóc muốn thay đổi bằng ngón tay, bút hoặc chuột. Dùng hai ngón tay để phóng to và di chuyển ảnh.</Trans>
      </p>

      <div className={s.footer}>
        <button
          type="button"
          className={button({ variant: 'accent' })}
          disabled={empty || exporting}
          aria-describedby={empty ? hintId : undefined}
          data-testid="mask-export"
          onClick={() => void createMask()}
        >
          {exporting ? <Trans>Đang tạo mặt nạ…</Trans> : <Trans>Tạo mặt nạ</Trans>}
        </button>
        {empty && (
          <p id={hintId} className={s.hint}>
            <Trans>Hãy tô lên phần tóc trước khi tạo mặt nạ.</Trans>
          </p>
        )}
        {/* Always present, so screen readers announce the confirmation when it appears. */}
        <p className={s.ready} role="status" data-testid="mask-status">
          {!empty && exportedRevision === revision && (
            <>
              <IconCheck {...TOOL_ICON} />
              <Trans>Mặt nạ đã sẵn sàng</Trans>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
