import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { BLOG_QUERY_MAX, type BlogSort } from '../../contract/blog.ts';
import { button } from '../../ui/button.ts';
import * as field from '../../ui/field.css.ts';
import * as ui from '../site/pages/sections.css.ts';
import * as s from './blog.css.ts';
import type { BlogListData } from './data.ts';
import { listBasePath, listHref } from './links.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import { Pagination } from './Pagination.tsx';
import { PostCard } from './PostCard.tsx';

/** With the script, a changed select applies at once (without it, the form's button does). */
const submitOnChange = (event: FormEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

/**
 * /blog, a category's and a tag's page: a GET form (search, filters, sort) whose values are the
 * URL's, the posts, and links to the other pages. Everything is a link or a form, so the page
 * works the same before its script runs, without it, and after a reload.
 */
export function BlogList({ data }: { data: BlogListData }) {
  const { t } = useLingui();
  const { locale, base, query, result } = data;
  const sorts: Array<{ value: BlogSort; label: string }> = [
    { value: 'newest', label: t`Mới nhất` },
    { value: 'oldest', label: t`Cũ nhất` },
    { value: 'title-asc', label: t`Tiêu đề A–Z` },
    { value: 'title-desc', label: t`Tiêu đề Z–A` },
  ];
  const heading = result?.category ? t`Chuyên mục: ${result.category.name}` : result?.tag ? t`Thẻ: ${result.tag.name}` : t`Blog Atelier`;
  const total = result?.total ?? 0;

  return (
    <div className={ui.section.paper}>
      <div className={`${ui.container} ${s.stack}`}>
        <header className={s.head}>
          <h1 className={ui.title}>{heading}</h1>
          <p className={s.lead}>
            <Trans>Kinh nghiệm chụp ảnh sản phẩm, thử đồ ảo và dùng AI cho shop thời trang và salon.</Trans>
          </p>
        </header>

        <form className={s.filters} method="get" action={listBasePath(base, locale)} role="search" data-testid="blog-filters">
          <div className={field.field}>
            <label className={field.label} htmlFor="blog-q">
              {t`Tìm bài viết`}
            </label>
            <input id="blog-q" className={field.control} type="search" name="q" defaultValue={query.q} maxLength={BLOG_QUERY_MAX} data-testid="blog-search" />
          </div>
          {base.kind !== 'category' && <TermSelect name="category" label={t`Chuyên mục`} all={t`Tất cả`} value={query.category} terms={data.categories} />}
          {base.kind !== 'tag' && <TermSelect name="tag" label={t`Thẻ`} all={t`Tất cả`} value={query.tag} terms={data.tags} />}
          <TermSelect name="author" label={t`Tác giả`} all={t`Tất cả`} value={query.author} terms={data.authors} />
          <FilterSelect name="sort" label={t`Sắp xếp`} value={query.sort}>
            {sorts.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </FilterSelect>
          <button type="submit" className={button({ variant: 'primary' })}>
            <Trans>Lọc</Trans>
          </button>
        </form>

        {data.error ? (
          <p className={s.notice} role="alert" data-testid="blog-query-error">
            <Trans>
              Địa chỉ này có giá trị tìm kiếm không hợp lệ ({data.error.fields.join(', ')}). <a href={listBasePath(base, locale)}>Xem tất cả bài viết</a>.
            </Trans>
          </p>
        ) : (
          <p className={s.total} data-testid="blog-total">
            <Trans>{total} bài viết</Trans>
          </p>
        )}

        {result && result.items.length > 0 && (
          <ul className={s.cards} data-testid="blog-list">
            {result.items.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
        {result && result.items.length === 0 && (
          <p className={s.notice} data-testid="blog-empty">
            {query.page > 1 && result.total > 0 ? (
              <Trans>
                Trang này không có bài viết. <a href={listHref(base, locale, { ...query, page: 1 })}>Về trang đầu</a>.
              </Trans>
            ) : (
              <Trans>Không có bài viết nào khớp với tìm kiếm này.</Trans>
            )}
          </p>
        )}
        {result && <Pagination base={base} locale={locale} query={query} pageCount={result.page_count} />}

        <NewsletterForm locale={locale} />
      </div>
    </div>
  );
}

/** One select of the filter form (its id and test id are `blog-<name>`); it applies at once. */
function FilterSelect({ name, label, value, children }: { name: string; label: string; value: string; children: ReactNode }) {
  return (
    <div className={field.field}>
      <label className={field.label} htmlFor={`blog-${name}`}>
        {label}
      </label>
      <select id={`blog-${name}`} className={field.select} name={name} defaultValue={value} onChange={submitOnChange} data-testid={`blog-${name}`}>
        {children}
      </select>
    </div>
  );
}

/** A filter by category, tag or author: "all", then each term with its post count, by slug. */
function TermSelect({
  all,
  value,
  terms,
  ...select
}: {
  name: string;
  label: string;
  all: string;
  value: string | undefined;
  terms: Array<{ key: string; slug: string; name: string; post_count: number }>;
}) {
  return (
    <FilterSelect {...select} value={value ?? ''}>
      <option value="">{all}</option>
      {terms.map((term) => (
        <option key={term.key} value={term.slug}>
          {term.name} ({term.post_count})
        </option>
      ))}
    </FilterSelect>
  );
}
