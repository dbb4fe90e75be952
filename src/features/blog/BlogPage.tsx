import { Trans } from '@lingui/react/macro';
import { blogIndexPath } from '../../contract/blog.ts';
import * as ui from '../site/pages/sections.css.ts';
import { BlogList } from './BlogList.tsx';
import { BlogPost } from './BlogPost.tsx';
import * as s from './blog.css.ts';
import { useBlogData } from './data.ts';

/**
 * Every blog page (list, post, not found): the one module src/site.tsx hydrates for the blog's
 * documents, which the server renders from the database (server/blog/pages.ts, src/blog-entry.tsx).
 */
export default function BlogPage() {
  const data = useBlogData();
  if (data.kind === 'list') return <BlogList data={data} />;
  if (data.kind === 'post') return <BlogPost data={data} origin={data.origin} />;
  return (
    <div className={ui.section.paper}>
      <div className={`${ui.container} ${s.head}`} data-testid="blog-not-found">
        <h1 className={ui.title}>
          <Trans>Không tìm thấy bài viết</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Bài viết này không tồn tại hoặc đã được gỡ.</Trans>
        </p>
        <p>
          <a href={blogIndexPath(data.locale)}>
            <Trans>Xem tất cả bài viết</Trans>
          </a>
        </p>
      </div>
    </div>
  );
}
