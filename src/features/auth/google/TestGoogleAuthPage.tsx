import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User as FirebaseUser } from 'firebase/auth';
import { button } from '../../../ui/button.ts';
import { currentPath } from '../auth-modal-state.ts';
import { TextField } from '../fields.tsx';
import { useCompleteSignIn } from '../use-session-actions.ts';
import { appConfigQueryOptions, firebaseConfigOf } from './config.ts';
import { identityFieldErrors, identityRegister, identitySignIn } from './email-password.ts';
import { firebaseCode } from './errors.ts';
import { loadFirebaseAuth, type FirebaseHandle } from './firebase.ts';
import { clearPendingRedirect, exchangeWithServer, popupSignIn, readPendingRedirect, readRedirectResult, redirectSignIn } from './google-sign-in.ts';
import { GOOGLE_MESSAGES } from './messages.ts';
import { googleFailureText } from './report.ts';
import * as s from '../auth.css.ts';
import * as d from './diagnostics.css.ts';

interface LogEntry {
  at: Date;
  step: string;
  ok: boolean;
  detail: string;
}

/** Keeps the first and last characters of a public key, enough to tell two apart. */
function maskKey(value: string): string {
  return value.length <= 10 ? '••••' : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** A config value as shown, or a dash. */
function text(value: unknown): string {
  return typeof value === 'string' && value ? value : '—';
}

function describeUser(user: FirebaseUser) {
  return JSON.stringify(
    {
      uid: user.uid,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerified,
      providers: user.providerData.map((p) => p.providerId),
    },
    null,
    2,
  );
}

/**
 * /test-google-auth (docs/product-rules.md#routes-public): diagnostics of Google and identity-provider sign-in: the
 * server's configuration, a popup, a redirect, the email/password helper layer, the exchange
 * with the server, and what each step answered.
 */
export function TestGoogleAuthPage() {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const config = useQuery(appConfigQueryOptions());
  const settings = firebaseConfigOf(config.data);
  const completeSignIn = useCompleteSignIn();
  const [log, setLog] = useState<LogEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [user, setUser] = useState<FirebaseUser | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof identityFieldErrors>>({});
  const readResult = useRef(false);

  const record = (step: string, ok: boolean, detail: string) => setLog((entries) => [{ at: new Date(), step, ok, detail }, ...entries]);
  const recordError = (step: string, error: unknown) => {
    const code = firebaseCode(error) ?? (error as { name?: string } | null)?.name ?? 'Error';
    record(step, false, `${code}: ${(error as { message?: string } | null)?.message ?? String(error)}\n→ ${googleFailureText(i18n, error)}`);
  };

  const handle = async (): Promise<FirebaseHandle | null> => {
    if (!settings) {
      record(t`Cấu hình`, false, i18n._(GOOGLE_MESSAGES.configValidationFailed));
      return null;
    }
    return loadFirebaseAuth(settings, i18n.locale);
  };

  const run = async (step: string, action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      recordError(step, error);
    } finally {
      setBusy(false);
    }
  };

  // Back from a redirect this page started: read its result.
  useEffect(() => {
    const pending = readPendingRedirect();
    if (pending?.mode !== 'test' || !settings || readResult.current) return;
    readResult.current = true;
    clearPendingRedirect();
    const step = t`Kết quả chuyển hướng`;
    void run(step, async () => {
      const firebase = await handle();
      if (!firebase) return;
      const credential = await readRedirectResult(firebase);
      if (!credential) {
        record(step, false, t`Không có kết quả: lần chuyển hướng không trả về người dùng.`);
        return;
      }
      setUser(credential.user);
      record(step, true, describeUser(credential.user));
    });
    // Runs once the configuration is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const popup = () => {
    const step = t`Cửa sổ bật lên`;
    void run(step, async () => {
      const firebase = await handle();
      if (!firebase) return;
      const credential = await popupSignIn(firebase);
      setUser(credential.user);
      record(step, true, describeUser(credential.user));
    });
  };

  const redirect = () => {
    const step = t`Chuyển hướng`;
    void run(step, async () => {
      const firebase = await handle();
      if (!firebase) return;
      record(step, true, t`Đang chuyển tới Google…`);
      await redirectSignIn(firebase, { returnTo: currentPath(), mode: 'test' });
    });
  };

  const emailPassword = (mode: 'sign-in' | 'register') => {
    const errors = identityFieldErrors(email, password, mode);
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    const step = mode === 'sign-in' ? t`Đăng nhập email/mật khẩu` : t`Tạo tài khoản email/mật khẩu`;
    void run(step, async () => {
      const firebase = await handle();
      if (!firebase) return;
      const credential = await (mode === 'sign-in' ? identitySignIn : identityRegister)(firebase, email, password);
      setUser(credential.user);
      record(step, true, describeUser(credential.user));
    });
  };

  const exchange = () => {
    if (!user) return;
    const step = t`Đăng nhập vào Atelier`;
    void run(step, async () => {
      const answer = await exchangeWithServer(user);
      record(step, true, JSON.stringify({ is_new_user: answer.is_new_user, user: { email: answer.user.email, role: answer.user.role } }, null, 2));
      const firebase = await handle();
      if (firebase) await firebase.sdk.signOut(firebase.auth).catch(() => undefined);
      completeSignIn(answer, '/dashboard');
    });
  };

  const firebaseRaw = config.data?.firebase as Record<string, unknown> | null | undefined;
  const configError = config.error?.message ?? '';
  const who = user?.email ?? user?.uid ?? '';

  return (
    <div className={d.page}>
      <header className={d.header}>
        <h1 id={titleId} className={s.title}>
          <Trans>Kiểm tra đăng nhập Google</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Trang chẩn đoán: xem cấu hình máy chủ, thử từng cách đăng nhập và đọc câu trả lời của từng bước.</Trans>
        </p>
      </header>

      <section className={d.section} aria-labelledby={`${titleId}-config`} data-testid="google-config">
        <h2 id={`${titleId}-config`} className={d.sectionTitle}>
          <Trans>Cấu hình</Trans>
        </h2>
        {config.isPending ? (
          <p className={s.lead}>
            <Trans>Đang đọc cấu hình…</Trans>
          </p>
        ) : config.isError ? (
          <p className={s.alert.error} role="alert">
            <Trans>Không đọc được /api/config: {configError}</Trans>
          </p>
        ) : (
          <dl className={d.facts}>
            <Fact label={<Trans>Đăng nhập bằng Google</Trans>}>
              {firebaseRaw ? <Trans>Đã cấu hình</Trans> : <Trans>Chưa cấu hình — nút Google được ẩn</Trans>}
            </Fact>
            {firebaseRaw && (
              <>
                <Fact label={<Trans>Dự án</Trans>}>{text(firebaseRaw.projectId)}</Fact>
                <Fact label={<Trans>Tên miền xác thực</Trans>}>{text(firebaseRaw.authDomain)}</Fact>
                <Fact label={<Trans>Khóa API</Trans>}>{typeof firebaseRaw.apiKey === 'string' ? maskKey(firebaseRaw.apiKey) : '—'}</Fact>
                <Fact label={<Trans>Trình giả lập</Trans>}>
                  {text(firebaseRaw.authEmulatorUrl) === '—' ? <Trans>Không (dịch vụ thật)</Trans> : text(firebaseRaw.authEmulatorUrl)}
                </Fact>
                <Fact label={<Trans>Hợp lệ</Trans>}>
                  {settings ? <Trans>Có</Trans> : <span className={d.bad}>{i18n._(GOOGLE_MESSAGES.configValidationFailed)}</span>}
                </Fact>
              </>
            )}
          </dl>
        )}
      </section>

      <section className={d.section} aria-labelledby={`${titleId}-try`}>
        <h2 id={`${titleId}-try`} className={d.sectionTitle}>
          <Trans>Thử đăng nhập</Trans>
        </h2>
        <div className={d.actions}>
          <button
            type="button"
            className={button({ variant: 'primary', size: 'sm' })}
            disabled={busy || !settings}
            onClick={popup}
            data-testid="test-google-popup"
          >
            <Trans>Thử cửa sổ bật lên</Trans>
          </button>
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            disabled={busy || !settings}
            onClick={redirect}
            data-testid="test-google-redirect"
          >
            <Trans>Thử chuyển hướng</Trans>
          </button>
        </div>
        <form
          className={d.inline}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            emailPassword('sign-in');
          }}
        >
          <TextField
            name="email"
            label={<Trans>Email (Firebase)</Trans>}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldErrors.email && i18n._(GOOGLE_MESSAGES[fieldErrors.email])}
          />
          <TextField
            name="password"
            label={<Trans>Mật khẩu (Firebase)</Trans>}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password && i18n._(GOOGLE_MESSAGES[fieldErrors.password])}
          />
          <div className={d.actions}>
            <button type="submit" className={button({ variant: 'secondary', size: 'sm' })} disabled={busy || !settings}>
              <Trans>Đăng nhập Firebase</Trans>
            </button>
            <button
              type="button"
              className={button({ variant: 'secondary', size: 'sm' })}
              disabled={busy || !settings}
              onClick={() => emailPassword('register')}
            >
              <Trans>Tạo tài khoản Firebase</Trans>
            </button>
          </div>
        </form>
      </section>

      <section className={d.section} aria-labelledby={`${titleId}-result`} data-testid="google-result">
        <h2 id={`${titleId}-result`} className={d.sectionTitle}>
          <Trans>Kết quả</Trans>
        </h2>
        {user ? (
          <div className={d.actions}>
            <span>
              <Trans>
                Người dùng Firebase: <strong>{who}</strong>
              </Trans>
            </span>
            <button type="button" className={button({ variant: 'accent', size: 'sm' })} disabled={busy} onClick={exchange} data-testid="test-google-exchange">
              <Trans>Đăng nhập vào Atelier với tài khoản này</Trans>
            </button>
          </div>
        ) : (
          <p className={s.lead}>
            <Trans>Chưa có người dùng Firebase.</Trans>
          </p>
        )}
        <ol className={d.log} aria-live="polite">
          {log.map((entry) => (
            <li key={entry.at.getTime() + entry.step} className={d.logEntry}>
              <p className={entry.ok ? d.good : d.bad}>
                {entry.ok ? '✓' : '✗'} {entry.step} · {entry.at.toLocaleTimeString(i18n.locale)}
              </p>
              <pre className={d.pre}>{entry.detail}</pre>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={d.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
