import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { AUTH_MESSAGES, NAME_MIN, type User } from '../../contract/auth.schema.ts';
import { getSession, sessionUserAtom, toSessionUser } from '../../lib/session.ts';
import { formatDate } from '../../lib/format.ts';
import { PLAN_NAMES } from '../../lib/plan-names.ts';
import { Select } from '../../ui/Field.tsx';
import { activateLocale, isLocale } from '../../lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { button } from '../../ui/button.ts';
import { authKeys, profileQueryOptions } from '../auth/api.ts';
import { useOpenAuthModal } from '../auth/auth-modal-state.ts';
import { authErrorText } from '../auth/errors.ts';
import { Busy, FormAlert, PasswordField, TextField } from '../auth/fields.tsx';
import { useValibotForm } from '../auth/form.ts';
import { forgetIdentityCredentials, identityPasswordFor } from '../auth/identity-credentials.ts';
import { useSignOut } from '../auth/use-session-actions.ts';
import { Avatar } from '../shell/sidebar/Avatar.tsx';
import { OfflineSettings } from '../offline/OfflineSettings.tsx';
import { deleteMe, logoutAll, updateMe } from './api.ts';
import { PictureChooser } from './PictureChooser.tsx';
import * as s from './profile.css.ts';
import * as a from '../auth/auth.css.ts';
import { apiErrorText } from '../../lib/error-words.ts';

const ProfileFormSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(NAME_MIN, AUTH_MESSAGES.nameTooShort), v.maxLength(120, AUTH_MESSAGES.nameTooShort)),
  language: v.picklist(['vi', 'en']),
});

/**
 * /profile (docs/product-rules.md#profile): picture (uploaded or picked from the library), name and language; the password is changed
 * through the reset mail (the API has no change-password call); deleting the account asks the
 * password again and a confirmation.
 */
export function ProfilePage() {
  const sessionUser = useAtomValue(sessionUserAtom);
  const profile = useQuery(profileQueryOptions());
  const user = profile.data;
  const titleId = useId();
  const { i18n } = useLingui();
  const loadError = profile.error ? apiErrorText(i18n, profile.error) : '';

  return (
    <div className={s.page} data-testid="profile-page">
      <header className={s.header}>
        <h1 id={titleId} className={s.title}>
          <Trans>Cài đặt hồ sơ</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Thông tin tài khoản, ngôn ngữ và bảo mật.</Trans>
        </p>
      </header>
      {sessionUser && <Summary user={user} fallbackEmail={sessionUser.email} />}
      {profile.isPending ? (
        <p className={s.lead} role="status">
          <Trans>Đang tải hồ sơ…</Trans>
        </p>
      ) : profile.isError ? (
        <div className={a.alert.error} role="alert">
          <p>
            <Trans>Không tải được hồ sơ: {loadError}</Trans>
          </p>
          <div className={a.alertActions}>
            <button type="button" className={a.smallTextButton} onClick={() => void profile.refetch()}>
              <Trans>Thử lại</Trans>
            </button>
          </div>
        </div>
      ) : (
        <>
          <PictureChooser user={user!} />
          <ProfileForm key={user!.id} user={user!} />
          <PasswordSection email={user!.email} />
          <SignOutEverywhere />
          <DeleteAccount email={user!.email} />
        </>
      )}
      {/* Also while the profile cannot load (offline, nothing saved): the device's data stays manageable. */}
      {sessionUser && <OfflineSettings />}
    </div>
  );
}

function Summary({ user, fallbackEmail }: { user: User | undefined; fallbackEmail: string }) {
  const { i18n, t } = useLingui();
  const sessionUser = useAtomValue(sessionUserAtom);
  if (!sessionUser) return null;
  const locale = isLocale(i18n.locale) ? i18n.locale : 'vi';
  const planName = user ? i18n._(PLAN_NAMES[user.plan]) : '';
  const credits = user?.credits ?? 0;
  const since = user ? formatDate(user.created_at, locale) : null;
  return (
    <section className={s.summary} aria-label={t`Tóm tắt tài khoản`}>
      <Avatar user={sessionUser} size={64} />
      <div className={s.summaryText}>
        <p className={s.summaryName}>{user?.name ?? sessionUser.name}</p>
        <p className={s.summaryEmail}>{user?.email ?? fallbackEmail}</p>
        {user && (
          <p className={s.chips}>
            <span className={s.chip}>
              <Trans>Gói {planName}</Trans>
            </span>
            <span className={s.chip}>
              <Plural value={credits} other="# tín dụng" />
            </span>
            <span className={user.is_verified ? s.chipGood : s.chip}>
              {user.is_verified ? <Trans>Email đã xác minh</Trans> : <Trans>Email chưa xác minh</Trans>}
            </span>
            {since && (
              <span className={s.chip}>
                <Trans>Thành viên từ {since}</Trans>
              </span>
            )}
          </p>
        )}
      </div>
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useValibotForm(ProfileFormSchema, { name: user.name, language: user.language });
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: updateMe });
  const headingId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await mutation.mutateAsync({
        name: values.name,
        language: values.language,
      });
      queryClient.setQueryData(authKeys.profile(), updated);
      getSession().updateUser(toSessionUser(updated));
      if (updated.language !== i18n.locale) await activateLocale(updated.language);
      notify.success(t`Đã lưu hồ sơ`);
    } catch (error) {
      setFailure(authErrorText(i18n, error, 'requestFailed'));
    }
  });

  return (
    <section className={s.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Thông tin cá nhân</Trans>
      </h2>
      <form className={s.form} noValidate onSubmit={onSubmit} data-testid="profile-form">
        {failure && <FormAlert title={t`Không lưu được hồ sơ`}>{failure}</FormAlert>}
        <TextField {...form.field('name')} label={<Trans>Họ và tên</Trans>} autoComplete="name" error={form.errors.name} />
        <TextField
          value={user.email}
          name="email"
          label={<Trans>Email</Trans>}
          readOnly
          disabled
          hint={<Trans>Email dùng để đăng nhập và không đổi được.</Trans>}
        />
        <LanguageSelect value={form.values.language} onChange={(value) => form.setValue('language', value)} />
        <div>
          <button type="submit" className={button({ variant: 'primary' })} disabled={mutation.isPending} data-testid="profile-save">
            <Busy busy={mutation.isPending} idle={<Trans>Lưu thay đổi</Trans>} pending={<Trans>Đang lưu…</Trans>} />
          </button>
        </div>
      </form>
    </section>
  );
}

function LanguageSelect({ value, onChange }: { value: string; onChange: (value: 'vi' | 'en') => void }) {
  return (
    <Select
      label={<Trans>Ngôn ngữ</Trans>}
      hint={<Trans>Ngôn ngữ của giao diện và của email chúng tôi gửi bạn.</Trans>}
      name="language"
      value={value}
      onChange={(event) => onChange(event.target.value === 'en' ? 'en' : 'vi')}
    >
      <option value="vi">Tiếng Việt</option>
      <option value="en">English</option>
    </Select>
  );
}

function PasswordSection({ email }: { email: string }) {
  const openAuthModal = useOpenAuthModal();
  const headingId = useId();
  return (
    <section className={s.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Mật khẩu</Trans>
      </h2>
      <p className={s.lead}>
        <Trans>Để đổi mật khẩu, chúng tôi gửi liên kết đặt lại mật khẩu tới email của bạn.</Trans>
      </p>
      <div>
        <button
          type="button"
          className={button({ variant: 'secondary' })}
          data-testid="profile-reset-password"
          onClick={() => openAuthModal('forgot-password', undefined, email)}
        >
          <Trans>Đổi mật khẩu qua email</Trans>
        </button>
      </div>
    </section>
  );
}

/**
 * "Sign out everywhere": ends every session of the account on the server (a lost phone, a
 * shared computer), this one included, after a confirmation.
 */
function SignOutEverywhere() {
  const { t, i18n } = useLingui();
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({ mutationFn: logoutAll });
  const headingId = useId();

  const confirm = async () => {
    try {
      await mutation.mutateAsync();
      signOut();
    } catch (error) {
      notify.error(t`Không đăng xuất được khỏi các thiết bị`, { description: authErrorText(i18n, error, 'requestFailed') });
    }
  };

  return (
    <section className={s.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Phiên đăng nhập</Trans>
      </h2>
      <p className={s.lead}>
        <Trans>Đăng xuất khỏi mọi thiết bị đang đăng nhập tài khoản này, kể cả thiết bị này.</Trans>
      </p>
      {!confirming ? (
        <div>
          <button type="button" className={button({ variant: 'secondary' })} data-testid="profile-logout-all" onClick={() => setConfirming(true)}>
            <Trans>Đăng xuất khỏi mọi thiết bị…</Trans>
          </button>
        </div>
      ) : (
        <div className={s.actions}>
          <button
            type="button"
            className={button({ variant: 'primary' })}
            disabled={mutation.isPending}
            data-testid="profile-logout-all-confirm"
            onClick={() => void confirm()}
          >
            <Busy busy={mutation.isPending} idle={<Trans>Đăng xuất khỏi mọi thiết bị</Trans>} pending={<Trans>Đang đăng xuất…</Trans>} />
          </button>
          <button type="button" className={button({ variant: 'ghost' })} onClick={() => setConfirming(false)}>
            <Trans>Hủy</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

const DeleteFormSchema = v.object({ password: v.pipe(v.string(), v.minLength(1, AUTH_MESSAGES.passwordRequired)) });

function DeleteAccount({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useValibotForm(DeleteFormSchema, { password: '' });
  const mutation = useMutation({ mutationFn: deleteMe });
  const headingId = useId();
  const confirmId = useId();
  const temporaryPassword = identityPasswordFor(email);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!confirmed) return;
    setFailure(null);
    try {
      await mutation.mutateAsync(password);
      getSession().signOut('logout');
      forgetIdentityCredentials();
      queryClient.clear();
      notify.success(t`Tài khoản của bạn đã được xóa`);
      await router.navigate({ to: '/' });
    } catch (error) {
      setFailure(authErrorText(i18n, error, 'checkCredentials'));
    }
  });

  return (
    <section className={`${s.section} ${s.danger}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Xóa tài khoản</Trans>
      </h2>
      <p className={s.lead}>
        <Trans>Xóa vĩnh viễn tài khoản, tín dụng còn lại và mọi ảnh, video bạn đã tạo. Không thể hoàn tác.</Trans>
      </p>
      {!open ? (
        <div>
          <button
            type="button"
            className={`${button({ variant: 'secondary' })} ${s.dangerButton}`}
            data-testid="profile-delete-open"
            onClick={() => setOpen(true)}
          >
            <Trans>Xóa tài khoản…</Trans>
          </button>
        </div>
      ) : (
        <form className={s.form} noValidate onSubmit={onSubmit} data-testid="profile-delete-form">
          {failure && <FormAlert title={t`Không xóa được tài khoản`}>{failure}</FormAlert>}
          <PasswordField
            {...form.field('password')}
            label={<Trans>Nhập lại mật khẩu để xác nhận</Trans>}
            autoComplete="current-password"
            error={form.errors.password}
            hint={
              temporaryPassword ? (
                <button type="button" className={a.smallTextButton} onClick={() => form.setValue('password', temporaryPassword)}>
                  <Trans>Tài khoản Google: dùng mật khẩu tạm thời của lần đăng nhập này</Trans>
                </button>
              ) : undefined
            }
          />
          <label htmlFor={confirmId} className={s.checkbox}>
            <input
              id={confirmId}
              type="checkbox"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
              data-testid="profile-delete-confirm"
            />
            {t`Tôi hiểu tài khoản và toàn bộ dữ liệu sẽ bị xóa vĩnh viễn.`}
          </label>
          <div className={s.actions}>
            <button
              type="submit"
              className={`${button({ variant: 'primary' })} ${s.dangerSolid}`}
              disabled={!confirmed || mutation.isPending}
              data-testid="profile-delete-submit"
            >
              <Busy busy={mutation.isPending} idle={<Trans>Xóa vĩnh viễn</Trans>} pending={<Trans>Đang xóa…</Trans>} />
            </button>
            <button
              type="button"
              className={button({ variant: 'ghost' })}
              onClick={() => {
                setOpen(false);
                setConfirmed(false);
                setFailure(null);
              }}
            >
              <Trans>Hủy</Trans>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
