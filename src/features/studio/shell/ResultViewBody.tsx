import { Suspense, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Asset } from '../../../contract/media.schema.ts';
import { markJobsSeen } from '../../../lib/offline/job-client.ts';
import { notify } from '../../../lib/toast.ts';
import { button } from '../../../ui/button.ts';
import { CompareSlider } from '../../assets/compare/CompareSlider.tsx';
import { mediaSrc } from '../../../lib/media-src.ts';
import { ShareToggle } from '../../generations/ShareToggle.tsx';
import { isPendingStatus } from '../../generations/api.ts';
import type { StudioJob } from '../../generations/use-studio-job.ts';
import { shareLink } from '../../generations/share-link.ts';
import { usePlanKit } from '../../generations/plan-kit.ts';
import * as s from './studio.css.ts';
import { LazyDownloadDialog, LazyReviewDialog } from '../../assets/lazy-dialogs.ts';
import { failedMediaProps, MediaUnavailable, useMediaFailure } from '../../offline/MediaUnavailable.tsx';

/**
 * The result screen (docs/product-rules.md#result-view): the image, with a before/after slider against the main
 * input when both are images; or the video player. Download (the download options dialog), Share
 * (Web Share API, else the link copied, with a toast), open in the review dialog, Regenerate, and
 * Try Another (Tạo mới) back to the form. A failed, cancelled or empty job shows 'Tạo ảnh thất
 * bại' (or the video's), the reason, and Try Again.
 *
 * Stable test ids: `result-view` (`data-job-id`), `result-image`, `result-video`, `compare-slider`,
 * `result-download`, `result-share`, `result-review`, `result-regenerate`, `result-new`;
 * `result-failure` with `result-failure-message` and `result-retry`.
 */

export interface ResultViewProps {
  studio: Pick<StudioJob, 'job' | 'status' | 'result' | 'results' | 'error' | 'regenerate' | 'reset'>;
  /** The main input, for the before/after slider (the model photo, the image edited). */
  before?: Asset | null;
  /** Try Again after a failure; by default the same inputs again (regenerate). */
  onTryAgain?: () => void;
  /** Try Another; by default back to the form (`studio.reset`). */
  onTryAnother?: () => void;
}

/** A result's link as it can leave the app (absolute; the API may sit on another origin). */
function absoluteUrl(url: string): string {
  return new URL(mediaSrc(url), globalThis.location.href).href;
}

/** Loaded by ResultView.tsx when a result is first shown. */
export function ResultViewBody({ studio, before, onTryAgain, onTryAnother }: ResultViewProps) {
  const { t, i18n } = useLingui();
  const [downloading, setDownloading] = useState<Asset | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const { job, result, results, error } = studio;
  // Shown here, the ended job's result is seen: it leaves the app badge and needs no notification.
  const endedId = job && !isPendingStatus(job.status) ? job.id : null;
  useEffect(() => {
    if (endedId) void markJobsSeen([endedId]);
  }, [endedId]);
  // Hooks before the early return of a failure.
  const planKit = usePlanKit(!!job?.plan);
  const isVideo = result?.media_type === 'video' || job?.feature === 'image-to-video' || job?.feature === 'upscaler-video';
  const tryAnother = onTryAnother ?? studio.reset;
  // A result that did not load: offline, one never opened online is not on the device (said instead
  // of a broken image); online, a video this browser cannot decode (H.265, e.g. Chromium on Linux).
  const mediaFailure = useMediaFailure(result?.url);

  if (!result || error) {
    const tryAgain = onTryAgain ?? (() => void (job ? studio.regenerate() : studio.reset()));
    return (
      <section className={`${s.card} ${s.failure}`} role="alert" data-testid="result-failure" data-job-id={job?.id}>
        <h2 className={s.cardTitle}>{isVideo ? <Trans>Tạo video thất bại</Trans> : <Trans>Tạo ảnh thất bại</Trans>}</h2>
        <p className={s.error} data-testid="result-failure-message">
          {error?.description ?? t`Không có ảnh kết quả`}
        </p>
        <div className={s.resultActions}>
          <button type="button" className={button({ variant: 'primary' })} onClick={tryAgain} data-testid="result-retry">
            <Trans>Thử lại</Trans>
          </button>
          <button type="button" className={button({ variant: 'secondary' })} onClick={tryAnother} data-testid="result-new">
            <Trans>Tạo mới</Trans>
          </button>
        </div>
      </section>
    );
  }

  const share = async () => {
    const outcome = await shareLink({ title: t`Kết quả từ Atelier`, url: absoluteUrl(result.url) });
    if (outcome === 'copied') notify.success(t`Đã sao chép liên kết`);
    else if (outcome === 'failed') notify.error(t`Không chia sẻ được`, { description: t`Trình duyệt không cho phép chia sẻ hay sao chép liên kết.` });
  };

  const showCompare = !isVideo && before && before.media_type === 'image' && result.media_type === 'image';
  const notDone = planKit?.words.partialCompletion(job?.plan ?? null, i18n)?.description ?? null;

  return (
    <section className={s.card} data-testid="result-view" data-job-id={job?.id} aria-label={t`Kết quả`}>
      {isVideo ? (
        <>
          {/* oxlint-disable-next-line jsx-a11y/media-has-caption -- generated clips come without caption tracks */}
          <video
            className={s.resultMedia}
            src={mediaSrc(result.url)}
            poster={result.poster_url ? mediaSrc(result.poster_url) : undefined}
            controls
            playsInline
            data-testid="result-video"
            onError={mediaFailure.onError}
          />
          {mediaFailure.offline ? (
            <MediaUnavailable kind="video" offline />
          ) : mediaFailure.failed ? (
            <p className={s.muted} role="status" data-testid="result-video-unplayable">
              <Trans>
                Trình duyệt này không phát được video này (thường là H.265). Video vẫn tốt: hãy tải xuống để xem, hoặc chọn H.264 khi làm nét lần sau.
              </Trans>
            </p>
          ) : null}
        </>
      ) : mediaFailure.failed ? (
        <MediaUnavailable {...failedMediaProps(mediaFailure, result)} />
      ) : showCompare ? (
        <CompareSlider
          before={{ src: mediaSrc(before.url), alt: t`Ảnh gốc` }}
          after={{ src: mediaSrc(result.url), alt: t`Ảnh kết quả` }}
          width={result.width ?? undefined}
          height={result.height ?? undefined}
        />
      ) : null}
      {!isVideo && !mediaFailure.failed ? (
        // The result on its own too: the slider mixes both pictures, and e2e reads this one.
        <img
          className={s.resultMedia}
          src={mediaSrc(result.url)}
          alt={t`Ảnh kết quả`}
          width={result.width ?? undefined}
          height={result.height ?? undefined}
          data-testid="result-image"
          hidden={Boolean(showCompare)}
          onError={mediaFailure.onError}
        />
      ) : null}
      {/* What was done and what was not (docs/product-rules.md#engine-plan): a job done in part says so here. */}
      {job?.plan && planKit ? <planKit.PlanSummary plan={job.plan} when="result" /> : null}
      <div className={s.resultActions}>
        <button type="button" className={button({ variant: 'primary' })} onClick={() => setDownloading(result)} data-testid="result-download">
          <Trans>Tải xuống</Trans>
        </button>
        <button type="button" className={button({ variant: 'secondary' })} onClick={() => void share()} data-testid="result-share">
          <Trans>Chia sẻ</Trans>
        </button>
        <button type="button" className={button({ variant: 'secondary' })} onClick={() => setReviewOpen(true)} data-testid="result-review">
          <Trans>Xem lớn</Trans>
        </button>
        <button type="button" className={button({ variant: 'secondary' })} onClick={() => void studio.regenerate()} data-testid="result-regenerate">
          <Trans>Tạo lại</Trans>
        </button>
        <button type="button" className={button({ variant: 'ghost' })} onClick={tryAnother} data-testid="result-new">
          <Trans>Tạo mới</Trans>
        </button>
      </div>
      {job ? <ShareToggle generation={job} /> : null}
      <Suspense fallback={null}>
        {downloading ? <LazyDownloadDialog open asset={downloading} onClose={() => setDownloading(null)} /> : null}
        {reviewOpen ? (
          <LazyReviewDialog
            open
            items={results}
            onClose={() => setReviewOpen(false)}
            renderNote={notDone ? () => notDone : undefined}
            renderActions={(item) => (
              <button type="button" className={button({ variant: 'onDark', size: 'sm' })} onClick={() => setDownloading(item)}>
                <Trans>Tải xuống</Trans>
              </button>
            )}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
