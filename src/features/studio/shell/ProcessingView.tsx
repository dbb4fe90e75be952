import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../../ui/button.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import type { StudioJob } from '../../generations/use-studio-job.ts';
import { formatExpectedWait } from '../../generations/expected-duration.ts';
import { formatClock } from './format.ts';
import { preloadResultView } from './ResultView.tsx';
import * as s from './studio.css.ts';

/**
 * The processing screen (docs/product-rules.md#generation-stages, #processing-times): the job's stage text, its
 * progress, the elapsed and expected time, Cancel (credits refunded), and a note that the person
 * may leave: the job keeps running and the screen comes back to it (useStudioJob reattaches).
 *
 * Stable test ids: `processing-view` (`data-job-id`, `data-status`), `processing-stage`,
 * `processing-progress`, `processing-elapsed`, `processing-expected`, `processing-cancel`.
 */

export interface ProcessingViewProps {
  studio: Pick<StudioJob, 'job' | 'status' | 'stageText' | 'progress' | 'elapsedSeconds' | 'expected' | 'cancel' | 'isCancelling' | 'isReattaching'>;
}

export function ProcessingView({ studio }: ProcessingViewProps) {
  const { t, i18n } = useLingui();
  // The result follows a job's processing: its code arrives while the job runs (not while this
  // screen only looks for a job to come back to, as every studio does when it opens).
  const running = Boolean(studio.job) && !studio.isReattaching;
  useEffect(() => {
    if (running) preloadResultView();
  }, [running]);
  // Looking for a job to come back to (after a reload): nothing to show yet.
  if (studio.isReattaching) {
    return (
      <p className={s.muted} role="status">
        <Trans>Đang tải...</Trans>
      </p>
    );
  }
  const { job, status, progress, elapsedSeconds, expected } = studio;
  const text = studio.stageText ?? t`Đang gửi yêu cầu...`;
  const elapsed = formatClock(elapsedSeconds);
  const wait = formatExpectedWait(expected, i18n);
  return (
    <section className={`${s.card} ${s.processing}`} data-testid="processing-view" data-job-id={job?.id} data-status={status} aria-busy="true">
      <div className={s.spinner} aria-hidden="true" />
      <p className={s.stageText} role="status" aria-live="polite" data-testid="processing-stage">
        {text}
      </p>
      <ProgressBar value={progress} label={t`Tiến độ`} testId="processing-progress" />
      <div className={s.times}>
        <span data-testid="processing-elapsed">
          <Trans>Đã chạy: {elapsed}</Trans>
        </span>
        <span data-testid="processing-expected">
          <Trans>Thời gian dự kiến: {wait}</Trans>
        </span>
      </div>
      <p className={s.muted}>
        <Trans>Bạn có thể rời trang này, quá trình tạo vẫn tiếp tục. Khi quay lại, bạn sẽ thấy tiến độ hoặc kết quả tại đây.</Trans>
      </p>
      {job ? (
        <button
          type="button"
          className={button({ variant: 'secondary' })}
          onClick={() => void studio.cancel()}
          disabled={studio.isCancelling}
          data-testid="processing-cancel"
        >
          {studio.isCancelling ? t`Đang hủy...` : t`Hủy`}
        </button>
      ) : null}
    </section>
  );
}
