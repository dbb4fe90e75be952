import { useState } from 'react';
import { initials, type SessionUser } from '../../../lib/session.ts';
import * as am from './account-menu.css.ts';

/** The user's picture, or their initials when there is none or it fails to load (docs/product-rules.md#user-display). */
export function Avatar({ user, size = 36 }: { user: SessionUser; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user.profile_picture;
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span className={am.avatar} style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} aria-hidden="true">
      {showImage ? (
        <img className={am.avatarImage} src={src} alt="" width={size} height={size} referrerPolicy="no-referrer" onError={() => setFailedSrc(src ?? null)} />
      ) : (
        initials(user)
      )}
    </span>
  );
}
