import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { sessionStatusAtom } from '../../lib/session.ts';
import { button } from '../../ui/button.ts';
import { IconLock } from '../../ui/icons/app/IconLock.tsx';
import { isDocumentOnlyPath } from '../site/paths.ts';
import { useOpenAuthModal } from './auth-modal-state.ts';
import { afterLoginPath, sameOriginPath } from './use-session-actions.ts';
import * as s from './auth.css.ts';

/**
 * /auth/sign-in?returnTo=…: the sign-in of a page the app does not render (a blog post's comment
 * box, docs/product-rules.md#blog-comments). It opens the login modal, which brings the reader back
 * to `returnTo` once signed in, by email or by Google; a reader already signed in goes there at once.
 * Only a path of this site is a return target (sameOriginPath); anything else falls back to the
 * default after signing in.
 */
export function SignInPage({ returnTo }: { returnTo?: string }) {
  const status = useAtomValue(sessionStatusAtom);
  const openAuthModal = useOpenAuthModal();
  const target = afterLoginPath(returnTo);
  const back = sameOriginPath(returnTo);
  // Once the modal was opened here, signing in there takes the reader back (useCompleteSignIn).
  const asked = useRef(false);

  useEffect(() => {
    if (status === 'signed-out' && !asked.current) {
      asked.current = true;
      openAuthModal('login', target);
    }
    if (status === 'signed-in' && !asked.current) window.location.replace(target);
  }, [status, target, openAuthModal]);

  return (
    <div className={s.page} data-testid="sign-in-page">
      <div className={`${s.card} ${s.notice}`}>
        <span className={s.noticeIcon.info}>
          <IconLock size={26} />
        </span>
        <h1 className={s.title}>
          <Trans>Đăng nhập để tiếp tục</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Sau khi đăng nhập, bạn sẽ quay lại đúng trang vừa đọc.</Trans>
        </p>
        <button type="button" className={button({ variant: 'primary' })} onClick={() => openAuthModal('login', target)}>
          <Trans>Đăng nhập</Trans>
        </button>
        {back && isDocumentOnlyPath(back) ? (
          <a href={back}>
            <Trans>Quay lại trang trước</Trans>
          </a>
        ) : null}
      </div>
    </div>
  );
}
