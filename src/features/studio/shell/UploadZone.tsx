import { type DragEvent, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import type { AssetRole, UploadPurpose } from '../../../contract/media.ts';
import { useDeviceInfo } from '../../../lib/device.ts';
import { button } from '../../../ui/button.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { OutboxTileStatus } from '../../uploads/OutboxTileStatus.tsx';
import { useOutboxZone } from '../../uploads/use-outbox-zone.ts';
import { useUpload } from '../../uploads/use-upload.ts';
import { KIND_ROLE } from '../../uploads/checks.ts';
import type { UploadKind } from '../../uploads/upload-messages.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import * as s from './studio.css.ts';
import { LazyAssetsPicker } from '../../assets/lazy-dialogs.ts';

/** Loaded on first use: a studio opens without the library picker's code. */

/**
 * One input of a studio (docs/product-rules.md#uploads, #studio-common): a file picker, drag and drop,
 * paste (anywhere on the page with `pasteFromDocument`), the camera on touch devices (an input
 * with `capture`), per-file progress and the upload messages (docs/product-rules.md#messages-uploads) from useUpload, and 'pick from library'
 * opening the assets picker for the role. The chosen asset(s) show as thumbnails with replace /
 * remove. Controlled: `value` is what is chosen, `onChange` receives the new choice.
 *
 * Stable test ids (`testId` prefix, default `upload-zone`): `{testId}` the zone (`data-count`),
 * `{testId}-input` the file input, `{testId}-camera`, `{testId}-library`, `{testId}-item` per
 * file in flight or refused (`data-status`), `{testId}-error` its message, `{testId}-chosen`
 * per chosen asset (`data-asset-id`; `data-outbox` with the outbox status of a file waiting for
 * the network), `{testId}-replace`, `{testId}-remove` (`{testId}-cancel` on a waiting file).
 *
 * Offline, a chosen file waits in the upload outbox (use-outbox-zone.ts): it shows with its local
 * preview and 'Đang chờ mạng' until it is sent, then as the uploaded asset, also after a reload.
 */

export interface UploadZoneProps {
  /** The upload's kind (its toasts and limits) and, unless `role` says otherwise, the picker's role. */
  kind: UploadKind;
  role?: AssetRole;
  purpose?: UploadPurpose;
  /** The zone's heading, e.g. 'Ảnh người mẫu'. */
  label: ReactNode;
  /** Short guidance under the heading (docs/product-rules.md#photo-guidance). */
  hint?: ReactNode;
  value: readonly Asset[];
  onChange: (assets: Asset[]) => void;
  /** Several assets (garments, multi-image edit); otherwise a new one replaces the chosen one. */
  multiple?: boolean;
  /** With `multiple`: most assets. */
  max?: number;
  disabled?: boolean;
  /** Shown instead of the zone's actions while `disabled` (a prerequisite, e.g. 'Vui lòng chọn người mẫu trước.'). */
  disabledReason?: ReactNode;
  /** Take files pasted anywhere on the page (one zone per screen). */
  pasteFromDocument?: boolean;
  testId?: string;
  /** Extra content per chosen asset (the garment's category). */
  renderChosenExtra?: (asset: Asset, index: number) => ReactNode;
}

export function UploadZone(props: UploadZoneProps) {
  const {
    kind,
    role,
    purpose,
    label,
    hint,
    value,
    onChange,
    multiple = false,
    max,
    disabled = false,
    disabledReason,
    pasteFromDocument = false,
    testId = 'upload-zone',
    renderChosenExtra,
  } = props;
  const { t } = useLingui();
  const device = useDeviceInfo();
  const headingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  /** Which chosen asset a 'replace' is for (single mode replaces anyway). */
  const replacing = useRef<string | null>(null);
  /** Selection order of the files uploaded here, by asset id. */
  const chosenOrder = useRef(new Map<string, number>());
  const rank = (asset: Asset) => chosenOrder.current.get(asset.id) ?? 0;

  // The latest choice, also between renders: several uploads can finish in one tick.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const limit = multiple ? (max ?? Number.POSITIVE_INFINITY) : 1;
  const room = Math.max(0, limit - value.length);

  const commit = (next: Asset[]) => {
    latest.current = next;
    onChange(next);
  };

  const place = (incoming: readonly Asset[]) => {
    if (incoming.length === 0) return;
    const current = latest.current;
    const target = replacing.current;
    replacing.current = null;
    if (!multiple) return commit([incoming[0]!]);
    if (target) {
      const index = current.findIndex((asset) => asset.id === target);
      if (index >= 0) {
        forget(target);
        const next = current.toSpliced(index, 1, incoming[0]!);
        return commit(next);
      }
    }
    const fresh = incoming.filter((asset) => !current.some((other) => other.id === asset.id));
    const next = [...current, ...fresh];
    // Uploads finish in any order; uploaded files keep the order they were chosen in (their
    // slots sorted by selection), assets picked from the library keep their places.
    const uploaded = next.filter((asset) => chosenOrder.current.has(asset.id)).toSorted((a, b) => rank(a) - rank(b));
    let slot = 0;
    commit(next.map((asset) => (chosenOrder.current.has(asset.id) ? uploaded[slot++]! : asset)).slice(0, limit));
  };

  const outbox = useOutboxZone({
    zone: testId,
    role: KIND_ROLE[kind],
    purpose: purpose ?? 'input',
    value,
    latest,
    commit,
    // The uploader's entry of the file now counts as an asset of the choice, like a library pick.
    onSent: (placeholder) => forget(placeholder.id),
  });

  const upload = useUpload({
    kind,
    purpose,
    multiple,
    outbox: outbox.uploaderOutbox,
    // Stable (a new limit makes a new uploader, which stops the uploads of the old one); the
    // uploader counts the files it holds, so a removed asset's file is forgotten (`forget`).
    maxFiles: multiple ? max : undefined,
    pasteFromDocument: pasteFromDocument && !disabled,
    onUploaded: (asset, item) => {
      // The uploader numbers its items in the order the files were chosen (`upload-<n>`).
      chosenOrder.current.set(asset.id, Number(/\d+$/.exec(item.id)?.[0] ?? 0));
      place([asset]);
    },
  });

  /** The uploader's entry of an asset that left the choice: it no longer counts against `max`. */
  const forget = (assetId: string) => {
    for (const item of upload.items) if (item.asset?.id === assetId) upload.remove(item.id);
  };

  const openFiles = (replace: string | null) => {
    replacing.current = replace;
    fileInput.current?.click();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    if (disabled) {
      event.preventDefault();
      return;
    }
    upload.addFromDrop(event);
  };

  const visibleItems = upload.items.filter((item) => item.status !== 'done' && item.status !== 'waiting');
  const showActions = !disabled && (room > 0 || !multiple);

  return (
    <section aria-labelledby={headingId} className={s.card} data-testid={`${testId}-section`}>
      <div>
        <h2 id={headingId} className={s.cardTitle}>
          {label}
        </h2>
        {hint ? <div className={s.muted}>{hint}</div> : null}
      </div>

      {value.length > 0 ? (
        <ul className={s.chosenGrid} aria-label={t`Đã chọn`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {value.map((asset, index) => {
            const inOutbox = outbox.outboxStateOf(asset);
            return (
              <li key={asset.id} className={s.chosen} data-testid={`${testId}-chosen`} data-asset-id={asset.id} data-outbox={inOutbox?.status}>
                {asset.media_type === 'video' ? (
                  <video className={s.thumb} src={mediaSrc(asset.url)} poster={asset.poster_url ? mediaSrc(asset.poster_url) : undefined} muted playsInline />
                ) : (
                  <img className={s.thumb} src={mediaSrc(asset.thumbnail_url ?? asset.url)} alt={asset.name} />
                )}
                {inOutbox ? <OutboxTileStatus status={inOutbox.status} entry={inOutbox.entry} kind={kind} testId={testId} /> : null}
                {renderChosenExtra?.(asset, index)}
                <div className={s.chosenActions}>
                  <button
                    type="button"
                    className={`${button({ variant: 'secondary', size: 'sm' })} ${s.smallButton}`}
                    onClick={() => openFiles(asset.id)}
                    disabled={disabled}
                    data-testid={`${testId}-replace`}
                    aria-label={t`Thay ${asset.name}`}
                  >
                    <Trans>Thay</Trans>
                  </button>
                  <button
                    type="button"
                    className={`${button({ variant: 'ghost', size: 'sm' })} ${s.smallButton}`}
                    onClick={() => {
                      // Leaving the choice also takes a waiting file out of the outbox (use-outbox-zone.ts).
                      forget(asset.id);
                      commit(latest.current.filter((other) => other.id !== asset.id));
                    }}
                    data-testid={inOutbox ? `${testId}-cancel` : `${testId}-remove`}
                    aria-label={inOutbox ? t`Hủy tải lên ${asset.name}` : t`Bỏ ${asset.name}`}
                  >
                    {inOutbox ? <Trans>Hủy</Trans> : <Trans>Bỏ</Trans>}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      <div
        className={s.zone}
        data-testid={testId}
        data-count={value.length}
        data-dragging={dragging}
        data-disabled={disabled}
        aria-disabled={disabled}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onPaste={(event) => {
          if (!disabled && !pasteFromDocument) upload.addFromPaste(event);
        }}
      >
        {disabled ? (
          <p className={s.notice} role="status" data-testid={`${testId}-disabled`}>
            {disabledReason}
          </p>
        ) : showActions ? (
          <>
            <p className={s.muted}>
              {multiple && max ? <Trans>Kéo thả, dán hoặc chọn ảnh (còn chọn được {room} tệp).</Trans> : <Trans>Kéo thả, dán hoặc chọn tệp từ máy.</Trans>}
            </p>
            <div className={s.zoneButtons}>
              <button type="button" className={button({ variant: 'primary', size: 'md' })} onClick={() => openFiles(null)} data-testid={`${testId}-browse`}>
                <Trans>Chọn tệp</Trans>
              </button>
              {device.hasTouch && kind !== 'video' ? (
                <button
                  type="button"
                  className={button({ variant: 'secondary', size: 'md' })}
                  onClick={() => cameraInput.current?.click()}
                  data-testid={`${testId}-camera`}
                >
                  <Trans>Chụp ảnh</Trans>
                </button>
              ) : null}
              <button
                type="button"
                className={button({ variant: 'secondary', size: 'md' })}
                onClick={() => setPickerOpen(true)}
                data-testid={`${testId}-library`}
              >
                <Trans>Chọn từ thư viện</Trans>
              </button>
            </div>
          </>
        ) : (
          <p className={s.muted}>
            <Trans>Đã đủ số tệp tối đa.</Trans>
          </p>
        )}

        <input
          ref={fileInput}
          type="file"
          className={s.hiddenInput}
          accept={upload.accept}
          multiple={multiple}
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          data-testid={`${testId}-input`}
          onChange={(event) => {
            upload.add(event.currentTarget.files);
            // The same file can be chosen again after a removal.
            event.currentTarget.value = '';
          }}
        />
        <input
          ref={cameraInput}
          type="file"
          className={s.hiddenInput}
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onChange={(event) => {
            upload.add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>

      {visibleItems.length > 0 ? (
        <ul className={s.items} aria-live="polite">
          {visibleItems.map((item) => (
            <li key={item.id} className={s.item} data-testid={`${testId}-item`} data-status={item.status}>
              <div className={s.itemRow}>
                <span className={s.fileName}>{item.file.name}</span>
                {item.status === 'uploading' || item.status === 'queued' ? (
                  <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={() => upload.abort(item.id)}>
                    <Trans>Hủy</Trans>
                  </button>
                ) : (
                  <button
                    type="button"
                    className={button({ variant: 'ghost', size: 'sm' })}
                    onClick={() => upload.remove(item.id)}
                    aria-label={t`Ẩn thông báo về ${item.file.name}`}
                  >
                    <Trans>Đóng</Trans>
                  </button>
                )}
              </div>
              {item.status === 'uploading' || item.status === 'queued' ? (
                <ProgressBar value={Math.round(item.progress * 100)} label={t`Đang tải lên ${item.file.name}`} />
              ) : null}
              {item.errorText ? (
                <p className={s.error} role="alert" data-testid={`${testId}-error`}>
                  {item.errorText}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {pickerOpen ? (
        <Suspense fallback={null}>
          <LazyAssetsPicker
            open
            onClose={() => setPickerOpen(false)}
            role={role ?? (kind === 'mask' ? undefined : kind)}
            multiple={multiple}
            max={multiple ? Math.max(1, room) : undefined}
            onSelect={(assets) => {
              setPickerOpen(false);
              place(assets);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
