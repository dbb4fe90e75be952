import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExpectedDurations } from '../../contract/expected-durations.schema.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import { onJobWatched } from '../../lib/offline/job-client.ts';
import { button } from '../../ui/button.ts';
import { generationKeys, isPendingStatus } from '../generations/api.ts';
import { expectedDuration, expectedDurationsKey, formatExpectedWait, type ExpectedDuration } from '../generations/expected-duration.ts';
import {
  isLongJob,
  localStore,
  mayOfferNotifications,
  notificationApi,
  OFFER_AFTER_SECONDS,
  rememberPromptAnswer,
  requestNotifications,
  type NotificationApi,
} from './notification-permission.ts';
import * as s from './notification-prompt.css.ts';

export interface NotificationPromptProps {
  /** Tests pass their own; the browser's Notification and localStorage otherwise. */
  api?: NotificationApi | null;
  storage?: Storage | null;
}

/** Why the offer shows: the job is expected to take long, or it runs well past a short job's wait. */
interface Offer {
  reason: 'long' | 'overdue';
  expected: ExpectedDuration;
}

/**
 * The in-app offer of job notifications (docs/product-rules.md#job-notifications), shown the first time the person starts a long
 * job: at once for a job expected to take longer than LONG_JOB_SECONDS on the engine that runs
 * it, or once a job expected to be short still runs after OFFER_AFTER_SECONDS. It says the wait
 * to expect. "Turn on notifications" opens the browser's prompt; "Not now" puts it away for good.
 *
 * A bar in the studio's column (StudioPage renders it above the tool's screen), not a dialog or a
 * floating card: it never covers the progress or the result's buttons, takes no focus, and the
 * person may answer it, or ignore it, with keyboard, mouse or touch.
 *
 * Stable test ids: `notify-prompt`, `notify-prompt-enable`, `notify-prompt-dismiss`.
 */
export function NotificationPrompt({ api = notificationApi(), storage = localStore() }: NotificationPromptProps) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const titleId = useId();
  const { i18n } = useLingui();
  const client = useQueryClient();

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const jobOf = (id: string) => client.getQueryData<Generation>(generationKeys.detail(id));
    const stop = onJobWatched((job) => {
      if (!mayOfferNotifications(api, storage)) return;
      // What the server measured, as the studio asked for it (useExpectedWait).
      const expected = expectedDuration(job.feature, jobOf(job.id) ?? null, client.getQueryData<ExpectedDurations>(expectedDurationsKey));
      if (isLongJob(expected)) {
        setOffer({ reason: 'long', expected });
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        const now = jobOf(job.id);
        if (now && isPendingStatus(now.status) && mayOfferNotifications(api, storage)) setOffer({ reason: 'overdue', expected });
      }, OFFER_AFTER_SECONDS * 1_000);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [api, storage, client]);

  if (!offer || !api) return null;

  const wait = formatExpectedWait(offer.expected, i18n);
  const enable = async () => {
    setOffer(null);
    await requestNotifications(api, storage);
  };
  const dismiss = () => {
    setOffer(null);
    rememberPromptAnswer(storage, 'dismissed');
  };

  return (
    <section className={s.bar} aria-labelledby={titleId} data-testid="notify-prompt">
      <div className={s.copy}>
        <h2 id={titleId} className={s.title}>
          <Trans>Nhận thông báo khi ảnh/video xong?</Trans>
        </h2>
        <p className={s.text}>
          {offer.reason === 'long' ? (
            <Trans>Việc tạo thường mất khoảng {wait}. Atelier sẽ báo cho bạn khi kết quả sẵn sàng, kể cả khi bạn đã rời trang.</Trans>
          ) : (
            <Trans>Việc tạo đang lâu hơn thường lệ (thường chỉ khoảng {wait}). Atelier sẽ báo cho bạn khi kết quả sẵn sàng, kể cả khi bạn đã rời trang.</Trans>
          )}
        </p>
      </div>
      <div className={s.actions}>
        <button type="button" className={button({ variant: 'secondary' })} onClick={dismiss} data-testid="notify-prompt-dismiss">
          <Trans>Để sau</Trans>
        </button>
        <button type="button" className={button({ variant: 'primary' })} onClick={() => void enable()} data-testid="notify-prompt-enable">
          <Trans>Bật thông báo</Trans>
        </button>
      </div>
    </section>
  );
}
