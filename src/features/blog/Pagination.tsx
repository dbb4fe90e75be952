import { Trans, useLingui } from '@lingui/react/macro';
import type { BlogListQuery } from '../../contract/blog.schema.ts';
import type { BlogLocaleCode } from '../../contract/blog.ts';
import * as s from './blog.css.ts';
import type { BlogListBase } from './data.ts';
import { listHref } from './links.ts';

/** Pages shown on each side of the current one (the first and the last are always shown). */
const PAGE_WINDOW = 2;

/** Links to the list's other pages, each keeping the search, filters and sort. */
export function Pagination({ base, locale, query, pageCount }: { base: BlogListBase; locale: BlogLocaleCode; query: BlogListQuery; pageCount: number }) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const current = query.page;
  const pages: number[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    if (page === 1 || page === pageCount || Math.abs(page - current) <= PAGE_WINDOW) pages.push(page);
  }
  const href = (page: number) => listHref(base, locale, { ...query, page });
  return (
    <nav className={s.pager} aria-label={t`Phân trang`} data-testid="blog-pagination">
      {current > 1 && current <= pageCount && (
        <a className={s.pageLink} href={href(current - 1)} rel="prev">
          <Trans>‹ Trước</Trans>
        </a>
      )}
      {pages.map((page, index) => (
        <span key={page} className={s.row}>
          {index > 0 && page - (pages[index - 1] ?? page) > 1 && <span aria-hidden="true">…</span>}
          <a className={s.pageLink} href={href(page)} aria-current={page === current ? 'page' : undefined}>
            {page}
          </a>
        </span>
      ))}
      {current < pageCount && (
        <a className={s.pageLink} href={href(current + 1)} rel="next" data-testid="blog-next">
          <Trans>Sau ›</Trans>
        </a>
      )}
    </nav>
  );
}
