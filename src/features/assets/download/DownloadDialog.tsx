/**
 * The download options dialog (docs/product-rules.md#download-options: 'Download Failed',
 * 'Download Complete'): quality low or high, sizes original, large 1920×1080, medium 1280×720,
 * small 800×600; the file is made in the browser (download.ts).
 *
 * Stable test ids (e2e):
 * - `download-dialog`               the dialog; `download-dialog-close`
 * - inputs by name: `quality` (high | low), `size` (original | large | medium | small)
 * - `download-summary`              the file that will be saved (`data-width`, `data-height`, `data-filename`)
 * - `download-progress`             while working
 * - `download-submit`, `download-cancel`
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import { notify } from '../../../lib/toast.ts';
import { button } from '../../../ui/button.ts';
import { assetQueryOptions, linksExpiring } from '../../media/api.ts';
import { useDownloadStem } from './use-download-stem.ts';
import { formatDimensions } from '../../../lib/format.ts';
import { IconDownload } from '../../../ui/icons/media/IconDownload.tsx';
import { CloseButton, Modal } from '../../../ui/Modal.tsx';
import { Over4kWarning } from '../over4k/Over4kWarning.tsx';
import {
  DOWNLOAD_QUALITIES,
  DOWNLOAD_SIZES,
  DownloadError,
  downloadAsset,
  outputDimensions,
  planDownload,
  SIZE_BOXES,
  type DownloadChoice,
  type DownloadQuality,
  type DownloadSize,
  type Progress,
} from './download.ts';
import * as s from './download-dialog.css.ts';

export interface DownloadDialogProps {
  /** Mounted and shown while true. */
  open: boolean;
  onClose: () => void;
  asset: Asset;
  /** The choice shown first (default: original size, high quality). */
  defaultChoice?: Partial<DownloadChoice>;
}

const QUALITY_LABELS: Record<DownloadQuality, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  high: { label: msg`Cao`, hint: msg`Nét nhất, tệp nặng hơn` },
  low: { label: msg`Thấp`, hint: msg`Nén nhiều hơn, tệp nhẹ hơn` },
};

const SIZE_LABELS: Record<DownloadSize, MessageDescriptor> = {
  original: msg`Gốc`,
  large: msg`Lớn`,
  medium: msg`Vừa`,
  small: msg`Nhỏ`,
};

export function DownloadDialog(props: DownloadDialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return <DownloadOptions {...props} />;
}

function DownloadOptions({ onClose, asset, defaultChoice }: DownloadDialogProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const titleId = useId();
  const descriptionId = useId();
  const isVideo = asset.media_type === 'video';
  const [quality, setQuality] = useState<DownloadQuality>(defaultChoice?.quality ?? 'high');
  const [size, setSize] = useState<DownloadSize>(defaultChoice?.size ?? 'original');
  const [progress, setProgress] = useState<Progress | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Closing the dialog (or leaving the screen) stops a download under way.
  useEffect(() => () => abortRef.current?.abort(), []);

  // A result is named after its tool, its job's input and its day (download-name.ts).
  const base = useDownloadStem(asset);

  const choice: DownloadChoice = { quality, size };
  const plan = planDownload(asset, choice, base);
  const working = progress !== null;
  // Videos are saved as they are; nothing changes while a download runs.
  const locked = isVideo || working;

  const failureText = (error: unknown): string => {
    if (error instanceof DownloadError) {
      if (error.reason === 'linkExpired') return t`Liên kết tới tệp đã hết hạn. Vui lòng tải lại trang.`;
      if (error.reason === 'notFound') return t`Không tải được tệp`;
      if (error.reason === 'network') return t`Không kết nối được máy chủ. Vui lòng kiểm tra mạng và thử lại.`;
      if (error.reason === 'decode') return t`Trình duyệt không xử lý được ảnh này. Hãy thử chọn kích thước Gốc với chất lượng Cao.`;
    }
    // The asset itself could not be renewed (deleted, or the server is away).
    return t`Không tải được tệp`;
  };

  const renew = () => queryClient.fetchQuery({ ...assetQueryOptions(asset.id), staleTime: 0 });

  const start = async () => {
    if (working) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ loaded: 0, total: null });
    const options = { signal: controller.signal, onProgress: setProgress };
    try {
      // Links expire (MEDIA_URL_TTL): a result left open for hours is fetched with fresh ones.
      let current = linksExpiring(asset) ? await renew() : asset;
      let result;
      try {
        result = await downloadAsset(current, choice, base, options);
      } catch (error) {
        // Expired between the check and the fetch (a clock off by minutes): renew once.
        if (!(error instanceof DownloadError && error.reason === 'linkExpired')) throw error;
        current = await renew();
        result = await downloadAsset(current, choice, base, options);
      }
      notify.success(t`Tải xuống hoàn tất`, { description: result.filename });
      abortRef.current = null;
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      notify.error(t`Tải xuống thất bại`, { description: failureText(error) });
      setProgress(null);
    }
  };

  const cancel = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setProgress(null);
  };

  const format = plan.passthrough ? t`tệp gốc` : plan.type === 'image/png' ? 'PNG' : 'JPEG';
  const dimensions = formatDimensions(plan.width, plan.height);
  const percent = progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  const fetched = progress !== null && progress.total !== null && progress.loaded >= progress.total;

  return (
    <Modal onClose={onClose} labelledBy={titleId} describedBy={descriptionId} testId="download-dialog">
      <div className={s.header}>
        <div className={s.heading}>
          <h2 id={titleId} className={s.title}>
            <Trans>Tùy chọn tải xuống</Trans>
          </h2>
          <p id={descriptionId} className={s.subtitle}>
            {asset.name}
          </p>
        </div>
        <CloseButton onClose={onClose} testId="download-dialog-close" />
      </div>

      <form
        className={s.body}
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
        id={`${titleId}-form`}
      >
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>
            <Trans>Chất lượng</Trans>
          </legend>
          <div className={s.options}>
            {DOWNLOAD_QUALITIES.map((value) => (
              <Choice
                key={value}
                name="quality"
                value={value}
                checked={quality === value}
                onChange={() => setQuality(value)}
                disabled={locked}
                label={i18n._(QUALITY_LABELS[value].label)}
                hint={i18n._(QUALITY_LABELS[value].hint)}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className={s.fieldset}>
          <legend className={s.legend}>
            <Trans>Kích thước</Trans>
          </legend>
          <div className={s.options}>
            {DOWNLOAD_SIZES.map((value) => {
              const output = outputDimensions(asset, value);
              const box = value === 'original' ? null : SIZE_BOXES[value];
              const unchanged = box !== null && output.width === asset.width && output.height === asset.height;
              const outputText = formatDimensions(output.width, output.height);
              const name = i18n._(SIZE_LABELS[value]);
              return (
                <Choice
                  key={value}
                  name="size"
                  value={value}
                  checked={size === value}
                  onChange={() => setSize(value)}
                  disabled={locked}
                  label={box ? `${name} · ${formatDimensions(box.width, box.height)}` : name}
                  hint={unchanged ? <Trans>Giữ nguyên {outputText} px</Trans> : <Trans>{outputText} px</Trans>}
                />
              );
            })}
          </div>
        </fieldset>

        {isVideo ? (
          <p className={s.note}>
            <Trans>Video được tải xuống nguyên bản. Chất lượng và kích thước chỉ áp dụng cho ảnh.</Trans>
          </p>
        ) : (
          <p className={s.note}>
            <Trans>Ảnh chỉ được thu nhỏ cho vừa khung, giữ nguyên tỉ lệ và không bao giờ phóng to quá ảnh gốc.</Trans>
          </p>
        )}

        {size === 'original' ? <Over4kWarning asset={asset} /> : null}

        <div className={s.summary} data-testid="download-summary" data-width={plan.width} data-height={plan.height} data-filename={plan.filename}>
          <span className={s.summaryName}>{plan.filename}</span>
          <span>
            {isVideo ? (
              <Trans>Video gốc</Trans>
            ) : (
              <Trans>
                {dimensions} px · {format}
              </Trans>
            )}
          </span>
        </div>

        {working ? (
          <div className={s.progress} data-testid="download-progress">
            <span id={`${titleId}-progress`}>
              {fetched && !plan.passthrough ? (
                <Trans>Đang xử lý ảnh…</Trans>
              ) : percent !== null ? (
                <Trans>Đang tải xuống… {percent}%</Trans>
              ) : (
                <Trans>Đang tải xuống…</Trans>
              )}
            </span>
            <div
              className={s.bar}
              role="progressbar"
              aria-labelledby={`${titleId}-progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
            >
              <div className={s.barFill} style={{ width: `${percent ?? 100}%`, opacity: percent === null ? 0.4 : 1 }} />
            </div>
          </div>
        ) : null}
      </form>

      <div className={s.footer}>
        <button type="button" className={button({ variant: 'secondary' })} data-testid="download-cancel" onClick={working ? cancel : onClose}>
          <Trans>Hủy</Trans>
        </button>
        <button
          type="submit"
          form={`${titleId}-form`}
          className={button({ variant: 'primary' })}
          disabled={working}
          aria-busy={working}
          data-testid="download-submit"
        >
          <IconDownload size={18} />
          <Trans>Tải xuống</Trans>
        </button>
      </div>
    </Modal>
  );
}

interface ChoiceProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  disabled: boolean;
  label: string;
  hint: ReactNode;
}

/** A radio as a card: the whole card is the 44 px target. */
function Choice({ name, value, checked, onChange, disabled, label, hint }: ChoiceProps) {
  return (
    <label className={s.option}>
      <input className={s.radio} type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} />
      <span className={s.optionLabel}>{label}</span>
      <span className={s.optionHint}>{hint}</span>
    </label>
  );
}
