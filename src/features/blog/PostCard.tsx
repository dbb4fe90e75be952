import { Trans } from '@lingui/react/macro';
import type { BlogPostSummary } from '../../contract/blog.schema.ts';
import { blogPostPath, blogTagPath } from '../../contract/blog.ts';
import * as s from './blog.css.ts';
import { formatDate } from './format.ts';

/** A post in a list or among the related posts: title, date, reading time, description, tags. */
export function PostCard({ post, headingLevel = 2 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const minutes = post.reading_minutes;
  return (
    <article className={s.card} data-testid="blog-card">
      <Heading className={s.cardTitle}>
        <a href={blogPostPath(post.locale, post.slug)}>{post.title}</a>
      </Heading>
      <p className={s.meta}>
        <time dateTime={post.published_at}>{formatDate(post.published_at, post.locale)}</time>
        <span aria-hidden="true">·</span>
        <span>
          <Trans>{minutes} phút đọc</Trans>
        </span>
        <span aria-hidden="true">·</span>
        <span>{post.author.name}</span>
      </p>
      <p>{post.description}</p>
      {post.tags.length > 0 && (
        <ul className={s.chips}>
          {post.tags.map((tag) => (
            <li key={tag.key}>
              <a className={s.chip} href={blogTagPath(post.locale, tag.slug)}>
                #{tag.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
