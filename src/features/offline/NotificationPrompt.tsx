import { useEffect, useId, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { onJobWatched } from '../../lib/offline/job-client.ts';
import { button } from '../../ui/button.ts';
import {
  localStore,
  notificationApi,
  rememberPromptAnswer,
  requestNotifications,
  shouldOfferNotifications,
  type NotificationApi,
} from './notification-permission.ts';
import * as s from './notification-prompt.css.ts';

export interface NotificationPromptProps {
  /** Tests pass their own; the browser's Notification and localStorage otherwise. */
  api?: NotificationApi | null;
  storage?: Storage | null;
}

/**
 * The in-app offer of job notifications (docs/product-rules.md#job-notifications), shown the first time the person starts a long
 * job: "Turn on notifications" opens the browser's prompt; "Not now" puts it away for good.
 *
 * A bar in the studio's column (StudioPage renders it above the tool's screen), not a dialog or a
 * floating card: it never covers the progress or the result's buttons, takes no focus, and the
 * person may answer it, or ignore it, with keyboard, mouse or touch.
 *
 * Stable test ids: `notify-prompt`, `notify-prompt-enable`, `notify-prompt-dismiss`.
 */
export function NotificationPrompt({ api = notificationApi(), storage = localStore() }: NotificationPromptProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();

  useEffect(
    () =>
      onJobWatched((job) => {
        if (shouldOfferNotifications(job.feature, api, storage)) setOpen(true);
      }),
    [api, storage],
  );

  if (!open || !api) return null;

  const enable = async () => {
    setOpen(false);
    await requestNotifications(api, storage);
  };
  const dismiss = () => {
    setOpen(false);
    rememberPromptAnswer(storage, 'dismissed');
  };

  return (
    <section className={s.bar} aria-labelledby={titleId} data-testid="notify-prompt">
      <div className={s.copy}>
        <h2 id={titleId} className={s.title}>
          <Trans>Nhận thông báo khi ảnh/video xong?</Trans>
        </h2>
        <p className={s.text}>
          <Trans>Việc tạo có thể mất vài phút. Atelier sẽ báo cho bạn khi kết quả sẵn sàng, kể cả khi bạn đã rời trang.</Trans>
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
