import { Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../contract/auth.schema.ts';
import type { AssetRole, MediaType } from '../../contract/media.ts';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '../../contract/profile-picture.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { formatBytes } from '../../lib/format.ts';
import { isLocale } from '../../lib/i18n.ts';
import { getSession, sessionUserAtom, toSessionUser } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { visuallyHidden } from '../../ui/a11y.css.ts';
import { button } from '../../ui/button.ts';
import { authKeys } from '../auth/api.ts';
import { FormAlert } from '../auth/fields.tsx';
import { LazyAssetsPicker } from '../assets/lazy-dialogs.ts';
import { Avatar } from '../shell/sidebar/Avatar.tsx';
import { pictureFromAsset, updateMe, uploadPicture } from './api.ts';
import * as s from './profile.css.ts';

/** What the library picker lists: images, taken as any image input. */
const PICK_ROLE: AssetRole = 'image';
const PICK_TYPES: readonly MediaType[] = ['image'];

type Change = { kind: 'upload'; file: File } | { kind: 'asset'; assetId: string } | { kind: 'remove' };

/**
 * The profile picture (docs/product-rules.md#profile): upload a photo or pick one from the library;
 * the server makes a square of its centre (no cropping to do) and keeps it with the account. It
 * replaces typing an address: nothing to copy from elsewhere, and a picture that cannot break.
 *
 * Stable test ids: `profile-picture`, `profile-picture-input` (the file input),
 * `profile-picture-upload`, `profile-picture-library`, `profile-picture-remove`, `profile-picture-error`.
 */
export function PictureChooser({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const sessionUser = useAtomValue(sessionUserAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const [picking, setPicking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'vi';

  const apply = (picture: string | null) => {
    const updated = { ...user, profile_picture: picture };
    queryClient.setQueryData(authKeys.profile(), updated);
    getSession().updateUser(toSessionUser(updated));
  };

  const mutation = useMutation({
    mutationFn: async (change: Change): Promise<string | null> => {
      if (change.kind === 'upload') return (await uploadPicture(change.file)).profile_picture;
      if (change.kind === 'asset') return (await pictureFromAsset(change.assetId)).profile_picture;
      return (await updateMe({ profile_picture: null })).profile_picture;
    },
    onSuccess: (picture, change) => {
      apply(picture);
      notify.success(change.kind === 'remove' ? t`Đã gỡ ảnh đại diện` : t`Đã đổi ảnh đại diện`);
    },
    onError: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 413) setFailure(t`Ảnh quá lớn: tối đa ${formatBytes(PROFILE_PICTURE_MAX_BYTES, locale)}.`);
      else if (status === 415 || status === 422) setFailure(t`Không đọc được ảnh này. Hãy chọn ảnh JPG, PNG hoặc WebP.`);
      else if (status === 404) setFailure(t`Không tìm thấy ảnh này trong thư viện của bạn.`);
      else setFailure(t`Không đổi được ảnh đại diện. Vui lòng thử lại.`);
    },
  });

  const change = (next: Change) => {
    setFailure(null);
    mutation.mutate(next);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks again; these answer at once, before a large file is sent.
    if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) {
      setFailure(t`Không đọc được ảnh này. Hãy chọn ảnh JPG, PNG hoặc WebP.`);
      return;
    }
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setFailure(t`Ảnh quá lớn: tối đa ${formatBytes(PROFILE_PICTURE_MAX_BYTES, locale)}.`);
      return;
    }
    change({ kind: 'upload', file });
  };

  const busy = mutation.isPending;
  const shown = sessionUser ? { ...sessionUser, profile_picture: user.profile_picture ?? undefined } : null;

  return (
    <section className={s.section} aria-labelledby={headingId} data-testid="profile-picture">
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Ảnh đại diện</Trans>
      </h2>
      {failure && (
        <div data-testid="profile-picture-error">
          <FormAlert title={t`Không đổi được ảnh đại diện`}>{failure}</FormAlert>
        </div>
      )}
      <div className={s.picture}>
        {shown && <Avatar user={shown} size={72} />}
        <div className={s.pictureText}>
          <p id={hintId} className={s.pictureHint}>
            <Trans>Ảnh JPG, PNG hoặc WebP đến {formatBytes(PROFILE_PICTURE_MAX_BYTES, locale)}. Atelier lấy phần giữa ảnh thành ảnh vuông.</Trans>
          </p>
          <div className={s.actions}>
            <input
              ref={inputRef}
              type="file"
              accept={PROFILE_PICTURE_TYPES.join(',')}
              className={visuallyHidden}
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile}
              data-testid="profile-picture-input"
            />
            <button
              type="button"
              className={button({ variant: 'primary' })}
              disabled={busy}
              aria-describedby={hintId}
              onClick={() => inputRef.current?.click()}
              data-testid="profile-picture-upload"
            >
              <Trans>Tải ảnh lên</Trans>
            </button>
            <button
              type="button"
              className={button({ variant: 'secondary' })}
              disabled={busy}
              onClick={() => setPicking(true)}
              data-testid="profile-picture-library"
            >
              <Trans>Chọn từ thư viện</Trans>
            </button>
            {user.profile_picture && (
              <button
                type="button"
                className={button({ variant: 'ghost' })}
                disabled={busy}
                onClick={() => change({ kind: 'remove' })}
                data-testid="profile-picture-remove"
              >
                <Trans>Gỡ ảnh</Trans>
              </button>
            )}
          </div>
        </div>
      </div>
      <Suspense fallback={null}>
        {picking ? (
          <LazyAssetsPicker
            open
            role={PICK_ROLE}
            accept={PICK_TYPES}
            title={t`Chọn ảnh đại diện`}
            onClose={() => setPicking(false)}
            onSelect={(assets) => {
              setPicking(false);
              const [asset] = assets;
              if (asset) change({ kind: 'asset', assetId: asset.id });
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
