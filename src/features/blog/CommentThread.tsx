import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { COMMENT_MAX, CommentPageSchema, CommentSchema, type Comment } from '../../contract/blog-comments.schema.ts';
import { BLOG_COMMENTS_ANCHOR, type BlogLocaleCode } from '../../contract/blog.ts';
import { apiUrl } from '../../lib/api-url.ts';
import { signInHref } from '../auth/search.ts';
import { TOKEN_STORAGE_KEY } from '../../lib/session-keys.ts';
import { button } from '../../ui/button.ts';
import * as field from '../../ui/field.css.ts';
import * as s from './blog.css.ts';
import { useBrowserValue } from './browser.ts';
import { formatDate } from './format.ts';

/** The signed-in reader's token, where the app keeps it (src/lib/session.ts), or null. */
function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The post's comments, where signing in from them comes back to. */
const readCommentsPath = () => `${location.pathname}${location.search}#${BLOG_COMMENTS_ANCHOR}`;

type Load = { step: 'loading' } | { step: 'ready'; items: Comment[]; next: string | null } | { step: 'failed' };

export interface CommentThreadProps {
  postId: string;
  locale: BlogLocaleCode;
}

/**
 * A post's comments (docs/product-rules.md#blog-comments): approved ones for everyone, the
 * reader's own pending ones marked as such; a signed-in reader writes one, which waits for a
 * moderator. Loaded by ./Comments.tsx once the reader nears the section, with its schemas
 * (./interactive.ts).
 */
export function CommentThread({ postId, locale }: CommentThreadProps) {
  const { t } = useLingui();
  const token = useBrowserValue(readToken, null);
  const commentsPath = useBrowserValue(readCommentsPath, null);
  const [load, setLoad] = useState<Load>({ step: 'loading' });
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const path = `/api/blog/posts/${encodeURIComponent(postId)}/comments`;

  const fetchPage = useCallback(
    async (cursor: string | null, auth: string | null) => {
      const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (auth) headers.Authorization = `Bearer ${auth}`;
      let response = await fetch(apiUrl(`${path}${query}`), { headers });
      // An expired token must not hide the thread: read it as a guest.
      if (response.status === 401 && auth) response = await fetch(apiUrl(`${path}${query}`), { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`comments: ${response.status}`);
      return v.parse(CommentPageSchema, await response.json());
    },
    [path],
  );

  useEffect(() => {
    fetchPage(null, readToken()).then(
      (page) => setLoad({ step: 'ready', items: page.items, next: page.next_cursor }),
      () => setLoad({ step: 'failed' }),
    );
  }, [fetchPage]);

  const more = () => {
    if (load.step !== 'ready' || !load.next) return;
    fetchPage(load.next, token).then(
      (page) => setLoad({ step: 'ready', items: [...load.items, ...page.items], next: page.next_cursor }),
      () => setNotice({ ok: false, text: t`Không tải thêm được bình luận. Vui lòng thử lại.` }),
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    setSending(true);
    setNotice(null);
    try {
      const response = await fetch(apiUrl(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ body: draft }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 201 && v.is(CommentSchema, body)) {
        setDraft('');
        setLoad((current) => (current.step === 'ready' ? { ...current, items: [body, ...current.items] } : current));
        setNotice({ ok: true, text: t`Đã gửi bình luận. Bình luận sẽ hiện với mọi người sau khi được duyệt.` });
      } else {
        setNotice({ ok: false, text: errorText((body as { code?: string } | null)?.code ?? null, response.status) });
      }
    } catch {
      setNotice({ ok: false, text: t`Không kết nối được. Kiểm tra mạng rồi thử lại.` });
    } finally {
      setSending(false);
    }
  };

  function errorText(code: string | null, status: number): string {
    if (code === 'commentRequired') return t`Vui lòng viết bình luận.`;
    if (code === 'commentTooLong') return t`Bình luận dài tối đa ${COMMENT_MAX} ký tự.`;
    if (code === 'commenterBanned') return t`Tài khoản của bạn không thể bình luận trên blog nữa: người kiểm duyệt đã chặn quyền bình luận.`;
    if (code === 'tooManyComments') return t`Bạn bình luận quá nhanh. Vui lòng đợi vài phút rồi thử lại.`;
    if (status === 401) return t`Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.`;
    return t`Chưa gửi được bình luận. Vui lòng thử lại.`;
  }

  return (
    <>
      {token ? (
        <form className={s.stack} onSubmit={(event) => void submit(event)}>
          <div className={field.field}>
            <label className={field.label} htmlFor="comment-body">
              {t`Bình luận của bạn`}
            </label>
            <textarea
              id="comment-body"
              className={field.textArea}
              name="body"
              value={draft}
              maxLength={COMMENT_MAX}
              required
              onChange={(event) => setDraft(event.target.value)}
              data-testid="comment-body"
            />
          </div>
          <div>
            <button type="submit" className={button({ variant: 'primary' })} disabled={sending || draft.trim() === ''} data-testid="comment-submit">
              <Trans>Gửi bình luận</Trans>
            </button>
          </div>
        </form>
      ) : (
        load.step !== 'loading' && (
          <p className={s.total}>
            <Trans>
              <a href={commentsPath ? signInHref(commentsPath) : '/auth/sign-in'}>Đăng nhập</a> để bình luận. Mọi bình luận được duyệt trước khi hiển thị.
            </Trans>
          </p>
        )
      )}
      {notice && (
        <p className={notice.ok ? s.success : s.danger} role={notice.ok ? 'status' : 'alert'} data-testid="comment-notice">
          {notice.text}
        </p>
      )}
      {load.step === 'loading' && (
        <p className={s.total}>
          <Trans>Đang tải bình luận…</Trans>
        </p>
      )}
      {load.step === 'failed' && (
        <p className={s.danger}>
          <Trans>Không tải được bình luận.</Trans>
        </p>
      )}
      {load.step === 'ready' && load.items.length === 0 && (
        <p className={s.total} data-testid="comments-empty">
          <Trans>Chưa có bình luận nào.</Trans>
        </p>
      )}
      {load.step === 'ready' && load.items.length > 0 && (
        <ul className={s.comments} data-testid="comment-list">
          {load.items.map((comment) => (
            <li key={comment.id} className={s.comment} data-testid="comment">
              <p className={s.meta}>
                <strong>{comment.author.name}</strong>
                <span aria-hidden="true">·</span>
                <time dateTime={comment.created_at}>{formatDate(comment.created_at, locale)}</time>
                {comment.status === 'pending' && (
                  <span className={s.chip} data-testid="comment-pending">
                    <Trans>Đang chờ duyệt</Trans>
                  </span>
                )}
              </p>
              <p className={s.commentBody}>{comment.body}</p>
            </li>
          ))}
        </ul>
      )}
      {load.step === 'ready' && load.next && (
        <div>
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={more}>
            <Trans>Xem thêm bình luận</Trans>
          </button>
        </div>
      )}
    </>
  );
}
