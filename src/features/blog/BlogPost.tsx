import { Trans, useLingui } from '@lingui/react/macro';
import { blogCategoryPath, blogIndexPath, blogPostPath, blogTagPath } from '../../contract/blog.ts';
import * as ui from '../site/pages/sections.css.ts';
import * as s from './blog.css.ts';
import { Comments } from './Comments.tsx';
import { BLOG_BODY_ATTRIBUTE, type BlogPostData } from './data.ts';
import { formatDate } from './format.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import { PostCard } from './PostCard.tsx';
import { ShareButtons } from './ShareButtons.tsx';

/**
 * A post: its title, author, date, reading time, category and tags, a table of contents of its
 * sections, the text (HTML rendered when it was saved), sharing, related posts, comments and the
 * newsletter. The text is put in as HTML and, in the browser, read back from the document.
 */
export function BlogPost({ data, origin }: { data: BlogPostData; origin: string }) {
  const { t } = useLingui();
  const { post, locale } = data;
  const url = `${origin}${blogPostPath(locale, post.slug)}`;
  const minutes = post.reading_minutes;
  return (
    <div className={ui.section.paper}>
      <article className={`${ui.container} ${s.postLayout}`} data-testid="blog-post">
        <header className={s.postHead}>
          <nav aria-label={t`Vị trí`} className={s.meta}>
            <a href={blogIndexPath(locale)}>
              <Trans>Blog</Trans>
            </a>
            <span aria-hidden="true">›</span>
            <a href={blogCategoryPath(locale, post.category.slug)}>{post.category.name}</a>
          </nav>
          <h1 className={ui.title}>{post.title}</h1>
          <p className={s.lead}>{post.description}</p>
          <p className={s.meta}>
            <span data-testid="blog-author">{post.author.name}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.published_at}>{formatDate(post.published_at, locale)}</time>
            <span aria-hidden="true">·</span>
            <span data-testid="blog-reading-time">
              <Trans>{minutes} phút đọc</Trans>
            </span>
          </p>
          {post.tags.length > 0 && (
            <ul className={s.chips} aria-label={t`Thẻ`}>
              {post.tags.map((tag) => (
                <li key={tag.key}>
                  <a className={s.chip} href={blogTagPath(locale, tag.slug)}>
                    #{tag.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {post.alternate && (
            <p className={s.meta}>
              <a href={blogPostPath(post.alternate.locale, post.alternate.slug)} hrefLang={post.alternate.locale} lang={post.alternate.locale}>
                {post.alternate.locale === 'en' ? 'Read in English' : 'Đọc bằng tiếng Việt'}
              </a>
            </p>
          )}
        </header>

        <aside className={s.aside}>
          {post.toc.length > 0 && (
            <nav className={s.toc} aria-labelledby="blog-toc-title" data-testid="blog-toc">
              <h2 id="blog-toc-title" className={s.tocTitle}>
                <Trans>Mục lục</Trans>
              </h2>
              <ul className={s.tocList}>
                {post.toc.map((heading) => (
                  <li key={heading.id} className={heading.depth === 3 ? s.tocSub : undefined}>
                    <a href={`#${heading.id}`}>{heading.text}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <ShareButtons url={url} title={post.title} />
        </aside>

        <div className={s.main}>
          <div className={s.body} {...{ [BLOG_BODY_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: post.html }} />

          {post.related.length > 0 && (
            <section className={s.stack} aria-labelledby="blog-related-title" data-testid="blog-related">
              <h2 id="blog-related-title" className={s.panelTitle}>
                <Trans>Bài viết liên quan</Trans>
              </h2>
              <ul className={s.cards}>
                {post.related.map((related) => (
                  <li key={related.slug}>
                    <PostCard post={related} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          )}

          <Comments postId={post.id} locale={locale} />
          <NewsletterForm locale={locale} />
        </div>
      </article>
    </div>
  );
}
