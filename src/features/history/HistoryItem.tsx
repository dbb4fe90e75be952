import { memo, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Generation } from '../../contract/generations.schema.ts';
import type { Asset } from '../../contract/media.schema.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { button } from '../../ui/button.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { ShareToggle } from '../generations/ShareToggle.tsx';
import { usePlanKit } from '../generations/plan-kit.ts';
import { describeGenerationError, generationText, stageText } from '../generations/generation-messages.ts';
import { isPendingStatus } from '../generations/api.ts';
import { generationQueryOptions } from '../generations/cache.ts';
import { STATUS_LABELS } from '../generations/status-labels.ts';
import { badge, badgeTone } from '../../ui/panel.css.ts';
import { FEATURE_TOOLS } from '../generations/filters.ts';
import { formatProcessingTime, formatDateTime, formatRelativeTime } from '../../lib/format.ts';
import { INPUT_LABELS, inputSlots, OTHER_INPUT_LABEL } from './inputs.ts';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { MediaUnavailable, useMediaFailure } from '../offline/MediaUnavailable.tsx';
import * as s from './history.css.ts';

/**
 * One generation of /history (docs/product-rules.md#history-item): its tool, status, inputs with
 * their roles, the result (a picture that opens the review dialog, or a video playing inline),
 * created and processing times, the error of a failed job, the cost; actions by status.
 *
 * A running job follows its own entry (`generationQueryOptions`: polled while it runs, and its
 * end refreshes every list), so its stage and progress move without reloading the list.
 *
 * Stable test ids: `history-item` (`data-job-id`, `data-status`, `data-feature`,
 * `data-highlighted`), `history-item-tool`, `history-status`, `history-input` (`data-slot`,
 * `data-missing`), `history-result-image`, `history-result-video`, `history-progress`
 * (`aria-valuenow`), `history-stage`, `history-error`, `history-created`, `history-processing-time`
 * (`data-ms`), `history-cost`, and the actions `history-download`, `history-share`,
 * `history-review`, `history-regenerate`, `history-delete`, `history-cancel`.
 */

export interface HistoryItemActions {
  onReview: (job: Generation, index: number) => void;
  onDownload: (asset: Asset) => void;
  onShare: (asset: Asset) => void;
  onRegenerate: (job: Generation) => void;
  onDelete: (job: Generation) => void;
  onCancel: (job: Generation) => void;
  /** The result was played (a video) or otherwise looked at. */
  onSeen: (job: Generation) => void;
}

export interface HistoryItemProps extends HistoryItemActions {
  job: Generation;
  /** Time of the relative labels ("5 phút trước"); ticks on the page. */
  now: Date;
  /** The item a `?job=` link or a regeneration pointed at. */
  highlighted: boolean;
  /** A regeneration is being sent (one at a time). */
  regenerating: boolean;
  /** This job is being cancelled. */
  cancelling: boolean;
  /** Observed for "seen" and found by the deep link (the page's observer). */
  itemRef?: Ref<HTMLLIElement>;
}

/** A running job follows its own entry; an ended one is drawn from the list as it is. */
export const HistoryItem = memo(function HistoryItem(props: HistoryItemProps) {
  return isPendingStatus(props.job.status) ? <LiveHistoryItem {...props} /> : <HistoryItemView {...props} />;
});

function LiveHistoryItem(props: HistoryItemProps) {
  // The list's copy seeds the entry (marking the job as seen running, so its end updates the lists).
  const live = useQuery({ ...generationQueryOptions(props.job.id), initialData: props.job, initialDataUpdatedAt: 0 });
  return <HistoryItemView {...props} job={live.data} />;
}

function HistoryItemView({ job, now, highlighted, regenerating, cancelling, itemRef, ...actions }: HistoryItemProps) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const tool = FEATURE_TOOLS[job.feature];
  const ToolIcon = tool.icon;
  const pending = isPendingStatus(job.status);
  const planKit = usePlanKit(job.status === 'completed' && job.plan !== null);
  const result = job.results[0];
  const isVideo = result?.media_type === 'video';
  const slots = inputSlots(job);
  const created = new Date(job.created_at);
  const cost = job.cost;
  /** A clip that did not play: offline, one never played online is not on the device; online, this browser cannot decode it (H.265 is not decoded everywhere). */
  const videoFailure = useMediaFailure(isVideo ? result?.url : null);
  const failure =
    job.status === 'failed' || job.status === 'cancelled'
      ? describeGenerationError(job.error ?? { code: job.status === 'cancelled' ? 'cancelled' : 'generationFailed', message: '' }, i18n)
      : null;

  return (
    <li
      ref={itemRef}
      className={s.item}
      data-testid="history-item"
      data-job-id={job.id}
      data-status={job.status}
      data-feature={job.feature}
      data-highlighted={highlighted}
      aria-current={highlighted ? 'true' : undefined}
    >
      <div className={s.itemHead}>
        <span className={s.tool} data-testid="history-item-tool">
          <span className={s.toolIcon}>
            <ToolIcon size={20} />
          </span>
          {i18n._(tool.label)}
        </span>
        <span className={s.headMeta}>
          <span className={`${badge} ${badgeTone[job.status]}`} data-testid="history-status">
            {i18n._(STATUS_LABELS[job.status])}
          </span>
          <span className={s.cost} data-testid="history-cost" data-credits={cost}>
            <Plural value={cost} other="# tín dụng" />
          </span>
        </span>
      </div>

      <div className={isVideo ? `${s.body} ${s.bodyVideo}` : s.body}>
        <div>
          <p className={s.sectionLabel}>
            <Trans>Đầu vào</Trans>
          </p>
          {slots.length > 0 ? (
            <ul className={s.inputs}>
              {slots.map((slot) => {
                const label = i18n._(slot.name ? INPUT_LABELS[slot.name] : OTHER_INPUT_LABEL);
                const named = slot.index === null ? label : `${label} ${slot.index}`;
                return (
                  <li key={slot.key} className={s.input} data-testid="history-input" data-slot={slot.name ?? 'other'} data-missing={slot.asset === null}>
                    {slot.asset ? (
                      <img
                        className={s.inputThumb}
                        src={mediaSrc(slot.asset.thumbnail_url)}
                        alt={named}
                        width={88}
                        height={110}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className={`${s.inputThumb} ${s.inputMissing}`}>
                        <Trans>Tệp đã bị xóa</Trans>
                      </span>
                    )}
                    <span className={s.inputLabel} aria-hidden={slot.asset ? true : undefined}>
                      {named}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={s.cost}>
              <Trans>Chỉ dùng thông số, không có ảnh đầu vào</Trans>
            </p>
          )}
        </div>

        <div className={s.result}>
          <p className={s.sectionLabel}>
            <Trans>Kết quả</Trans>
          </p>
          {pending ? (
            <div className={s.progress}>
              <p className={s.stage} data-testid="history-stage" aria-live="polite">
                {stageText(job.stage, i18n)}
              </p>
              <ProgressBar value={job.progress} label={t`Tiến độ`} testId="history-progress" />
            </div>
          ) : failure ? (
            <p className={s.failure} role="note" data-testid="history-error">
              <span className={s.failureTitle}>{failure.title}</span>
              {failure.description}
            </p>
          ) : result && isVideo ? (
            <>
              {/* oxlint-disable-next-line jsx-a11y/media-has-caption -- generated clips come without caption tracks */}
              <video
                className={s.video}
                src={mediaSrc(result.url)}
                poster={result.poster_url ? mediaSrc(result.poster_url) : undefined}
                controls
                playsInline
                // A page of videos must not download them all: nothing is fetched until play.
                preload="none"
                aria-label={t`Video kết quả`}
                data-testid="history-result-video"
                onPlay={() => actions.onSeen(job)}
                onError={videoFailure.onError}
              />
              {videoFailure.offline ? (
                <MediaUnavailable kind="video" offline />
              ) : videoFailure.failed ? (
                <p className={s.cost} role="status">
                  <Trans>Trình duyệt này không phát được video này (thường là H.265). Hãy tải xuống để xem.</Trans>
                </p>
              ) : null}
            </>
          ) : result ? (
            <button type="button" className={s.resultButton} onClick={() => actions.onReview(job, 0)} aria-label={t`Xem lớn ảnh kết quả`}>
              <img
                className={s.resultImage}
                src={mediaSrc(result.thumbnail_url)}
                alt=""
                width={result.width}
                height={result.height}
                loading="lazy"
                decoding="async"
                data-testid="history-result-image"
              />
              {job.results.length > 1 ? <span className={s.resultCount}>+{job.results.length - 1}</span> : null}
            </button>
          ) : (
            <p className={s.failure} role="note" data-testid="history-error">
              {generationText('noResultImage', undefined, i18n)}
            </p>
          )}
        </div>
      </div>

      {/* What was done and what was not (docs/product-rules.md#engine-plan), for an ended job that ran. */}
      {job.status === 'completed' && job.plan && planKit ? <planKit.PlanSummary plan={job.plan} when="result" /> : null}

      <dl className={s.times}>
        <div className={s.timePair}>
          <dt className={s.timeTerm}>
            <Trans>Tạo lúc</Trans>
          </dt>
          <dd className={s.timeValue}>
            <time dateTime={job.created_at} title={formatDateTime(created, locale)} data-testid="history-created">
              {formatRelativeTime(created, locale, now)} · {formatDateTime(created, locale)}
            </time>
          </dd>
        </div>
        {job.processing_ms !== null ? (
          <div className={s.timePair}>
            <dt className={s.timeTerm}>
              <Trans>Thời gian xử lý</Trans>
            </dt>
            <dd className={s.timeValue} data-testid="history-processing-time" data-ms={job.processing_ms}>
              {formatProcessingTime(job.processing_ms, locale)}
            </dd>
          </div>
        ) : null}
      </dl>

      <div className={s.actions} role="group" aria-label={t`Thao tác`}>
        {pending ? (
          <Action onClick={() => actions.onCancel(job)} busy={cancelling} testId="history-cancel">
            <Trans>Hủy</Trans>
          </Action>
        ) : (
          <>
            {result ? (
              <>
                <Action variant="primary" onClick={() => actions.onDownload(result)} testId="history-download">
                  <Trans>Tải xuống</Trans>
                </Action>
                <Action onClick={() => actions.onShare(result)} testId="history-share">
                  <Trans>Chia sẻ</Trans>
                </Action>
                <Action onClick={() => actions.onReview(job, 0)} testId="history-review">
                  <Trans>Xem lớn</Trans>
                </Action>
              </>
            ) : null}
            <Action onClick={() => actions.onRegenerate(job)} busy={regenerating} testId="history-regenerate">
              <Trans>Tạo lại</Trans>
            </Action>
            <Action variant="ghost" onClick={() => actions.onDelete(job)} testId="history-delete">
              <Trans>Xóa</Trans>
            </Action>
          </>
        )}
      </div>
      {job.status === 'completed' && result ? <ShareToggle generation={job} /> : null}
    </li>
  );
}

/** One button of the card's action row; while `busy`, it is disabled and says so. */
function Action({
  variant = 'secondary',
  onClick,
  busy,
  testId,
  children,
}: {
  variant?: 'primary' | 'secondary' | 'ghost';
  onClick: () => void;
  busy?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`${button({ variant, size: 'sm' })} ${s.action}`} onClick={onClick} disabled={busy} aria-busy={busy} data-testid={testId}>
      {children}
    </button>
  );
}
