import { Trans } from '@lingui/react/macro';
import type { Generation } from '../../../contract/generations.schema.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { mediaSrc } from '../../../lib/media-src.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { button } from '../../../ui/button.ts';
import { Card } from '../../../ui/Card.tsx';
import * as s from './studio.css.ts';

/**
 * Above a fresh form: the result this tab showed last in the studio, with "Open" to show it again.
 * Coming back to a studio opens on its first step (a new piece of work is the common reason to
 * come back), and the last result stays one click away instead of covering the form.
 *
 * Stable test ids: `last-result` (`data-job-id`), `last-result-open`.
 */
export function LastResultCard({ job, onOpen }: { job: Generation; onOpen: () => void }) {
  const { locale } = useLocale();
  const thumb = job.results[0];
  const when = formatRelativeTime(job.finished_at ?? job.created_at, locale);
  return (
    <Card as="section" padding="sm" className={s.lastResult} aria-labelledby="last-result-title" data-testid="last-result" data-job-id={job.id}>
      {thumb ? <img className={s.historyThumb} src={mediaSrc(thumb.thumbnail_url ?? thumb.url)} alt="" loading="lazy" /> : null}
      <div className={s.lastResultBody}>
        <h2 id="last-result-title" className={s.cardTitle}>
          <Trans>Kết quả gần nhất</Trans>
        </h2>
        <p className={s.muted}>
          <Trans>Tạo {when}. Bạn đang bắt đầu một lần tạo mới; mở lại kết quả trước bất cứ lúc nào.</Trans>
        </p>
      </div>
      <button type="button" className={button({ variant: 'secondary' })} onClick={onOpen} data-testid="last-result-open">
        <Trans>Mở kết quả</Trans>
      </button>
    </Card>
  );
}
