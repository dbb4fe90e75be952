import { useId } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UsageDay } from '../../contract/tokens.schema.ts';
import { formatCount } from '../../lib/format.ts';
import { INTL_LOCALE, type Locale } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import * as s from './tokens.css.ts';

/** The drawing's own units (the SVG scales to its box): each day's slot and the bars' height. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 80;
/** Room under the bars for the first and last day's labels, in the same units. */
const LABELS = 12;

/** "12 thg 3" / "Mar 12": a usage day (YYYY-MM-DD, already Vietnam's calendar), read as that date. */
export function formatUsageDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * Requests per day over the usage days (30, oldest first): one bar a day, its errors drawn in red
 * at its foot, a title per bar (the pointer's tooltip), the whole drawing named by a summary, and
 * the same figures in a visually hidden table for screen readers. Test ids `usage-chart`,
 * `usage-bar` (`data-day`, `data-requests`, `data-errors`), `usage-table`.
 */
export function UsageChart({ days }: { days: readonly UsageDay[] }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const summaryId = useId();
  const peak = Math.max(0, ...days.map((day) => day.requests));
  // The tallest bar fills the height; a month without requests draws none.
  const max = Math.max(1, peak);
  const total = days.reduce((sum, day) => sum + day.requests, 0);
  const errors = days.reduce((sum, day) => sum + day.errors, 0);
  const width = Math.max(1, days.length) * SLOT;
  const height = (count: number) => (count / max) * HEIGHT;
  const dayText = (day: UsageDay) => {
    const date = formatUsageDay(day.day, locale);
    return t`${date}: ${plural(day.requests, { other: '# yêu cầu' })}, ${plural(day.errors, { other: '# lỗi' })}`;
  };
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className={s.figure} data-testid="usage-chart">
      <figcaption id={summaryId} className={s.muted}>
        {t`Yêu cầu mỗi ngày trong ${days.length} ngày qua: tổng ${formatCount(total, locale)} yêu cầu, ${formatCount(errors, locale)} lỗi.`}
      </figcaption>
      <svg className={s.chart} viewBox={`0 0 ${width} ${HEIGHT + LABELS}`} role="img" aria-labelledby={summaryId} preserveAspectRatio="none">
        <line className={s.axis} x1={0} x2={width} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} />
        {days.map((day, index) => {
          const x = index * SLOT + (SLOT - BAR) / 2;
          const all = height(day.requests);
          const bad = height(Math.min(day.errors, day.requests));
          return (
            <g key={day.day} data-testid="usage-bar" data-day={day.day} data-requests={day.requests} data-errors={day.errors}>
              <title>{dayText(day)}</title>
              {/* The whole slot takes the pointer, so a day without requests still has its tooltip. */}
              <rect x={index * SLOT} y={0} width={SLOT} height={HEIGHT} fill="transparent" />
              <rect className={s.barRequests} x={x} y={HEIGHT - all} width={BAR} height={all} />
              <rect className={s.barErrors} x={x} y={HEIGHT - bad} width={BAR} height={bad} />
            </g>
          );
        })}
        {first ? (
          <text x={0} y={HEIGHT + LABELS - 2} fontSize={7} fill="currentColor">
            {formatUsageDay(first.day, locale)}
          </text>
        ) : null}
        {last && last !== first ? (
          <text x={width} y={HEIGHT + LABELS - 2} fontSize={7} textAnchor="end" fill="currentColor">
            {formatUsageDay(last.day, locale)}
          </text>
        ) : null}
      </svg>
      <div className={s.legendRow} aria-hidden="true">
        <span className={s.legendItem}>
          <span className={s.swatchRequests} />
          <Trans>Yêu cầu</Trans>
        </span>
        <span className={s.legendItem}>
          <span className={s.swatchErrors} />
          <Trans>Lỗi (mã 4xx, 5xx)</Trans>
        </span>
        <span className={s.legendItem}>{t`Cao nhất: ${formatCount(peak, locale)} yêu cầu/ngày`}</span>
      </div>
      <table className={visuallyHidden} data-testid="usage-table">
        <caption>
          <Trans>Yêu cầu và lỗi mỗi ngày</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Ngày</Trans>
            </th>
            <th scope="col">
              <Trans>Yêu cầu</Trans>
            </th>
            <th scope="col">
              <Trans>Lỗi</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatUsageDay(day.day, locale)}</th>
              <td>{formatCount(day.requests, locale)}</td>
              <td>{formatCount(day.errors, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
