import { Trans } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import * as s from './billing.css.ts';

/**
 * A section with nothing loaded while the browser is offline: its request waits (paused) for the
 * network, so instead of a skeleton that would never resolve, say so. It loads by itself when the
 * network returns. Test id `<section>-offline`.
 */
export function SectionOffline({ section }: { section: string }) {
  return (
    <p className={s.notice} role="status" data-testid={`${section}-offline`}>
      <Trans>Bạn đang ngoại tuyến. Phần này sẽ tự tải khi có mạng trở lại.</Trans>
    </p>
  );
}

/** Grey lines while a section's first answer is on its way. Test id `<section>-loading`. */
export function SectionLoading({ section, lines = 3 }: { section: string; lines?: number }) {
  return (
    <div className={s.list} aria-busy="true" data-testid={`${section}-loading`}>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={s.skeleton} />
      ))}
    </div>
  );
}

/** The next page of a cursor list. Test id `<section>-more`. */
export function LoadMore({ section, loading, onClick }: { section: string; loading: boolean; onClick: () => void }) {
  return (
    <div className={s.actions}>
      <button
        type="button"
        className={button({ variant: 'secondary' })}
        onClick={onClick}
        disabled={loading}
        aria-busy={loading}
        data-testid={`${section}-more`}
      >
        {loading ? <Trans>Đang tải…</Trans> : <Trans>Xem thêm</Trans>}
      </button>
    </div>
  );
}
