import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { BLOG_COMMENTS_ANCHOR } from '../../contract/blog.ts';
import { addCatalog, type Catalog } from '../../lib/i18n.ts';
import * as s from './blog.css.ts';
import { useNearViewport } from './browser.ts';
import type { CommentThreadProps } from './CommentThread.tsx';

/**
 * The thread's messages (src/locales/{locale}/pages/blog-comments.po), loaded with it. Declared here,
 * not beside the page's catalog in ./catalog.ts: the development entry imports that module, and a
 * module both use would be bundled into the development entry's chunk, which the page would then load.
 */
const BLOG_COMMENTS_CATALOG: Catalog = {
  vi: async () => (await import('../../locales/vi/pages/blog-comments.po')).messages,
  en: async () => (await import('../../locales/en/pages/blog-comments.po')).messages,
};

type Thread = { step: 'waiting' } | { step: 'ready'; View: ComponentType<CommentThreadProps> } | { step: 'failed' };

/**
 * A post's comment section. The comments change apart from the post, so they are never in the
 * post's cached HTML: the thread (./CommentThread.tsx: reading, writing, the comments' schemas)
 * loads with its code and its messages once the reader nears the section, so a reader who stops
 * before it fetches none of them. Without the script the section says it needs it.
 */
export function Comments({ postId, locale }: CommentThreadProps) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const [thread, setThread] = useState<Thread>({ step: 'waiting' });
  useEffect(() => {
    if (!near) return;
    let gone = false;
    Promise.all([import('./interactive.ts'), addCatalog(BLOG_COMMENTS_CATALOG)]).then(
      ([module]) => !gone && setThread({ step: 'ready', View: module.CommentThread }),
      () => !gone && setThread({ step: 'failed' }),
    );
    return () => {
      gone = true;
    };
  }, [near]);

  return (
    <section ref={section} id={BLOG_COMMENTS_ANCHOR} className={s.panel} aria-labelledby="comments-title" data-testid="blog-comments">
      <h2 id="comments-title" className={s.panelTitle}>
        <Trans>Bình luận</Trans>
      </h2>
      <noscript>
        <p className={s.total}>
          <Trans>Cần bật JavaScript để xem và viết bình luận.</Trans>
        </p>
      </noscript>
      {thread.step === 'ready' && <thread.View postId={postId} locale={locale} />}
      {thread.step === 'waiting' && near && (
        <p className={s.total}>
          <Trans>Đang tải bình luận…</Trans>
        </p>
      )}
      {thread.step === 'failed' && (
        <p className={s.danger} role="alert">
          <Trans>Không tải được bình luận.</Trans>
        </p>
      )}
    </section>
  );
}
