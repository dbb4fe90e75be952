import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Select, TextArea, TextInput } from '../../../../ui/Field.tsx';
import { button } from '../../../../ui/button.ts';
import {
  CONTACT_DESCRIPTION_MAX,
  CONTACT_DESCRIPTION_MIN,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TOPICS,
  characterCount,
  contactFieldProblem,
  type ContactMessageKey,
  type ContactTopic,
} from '../../../../contract/contact-rules.ts';
import { FilePicker } from './FilePicker.tsx';
import { contactText, TOPIC_LABELS } from './messages.ts';
import type { ProofOfWork } from './pow.ts';
import * as s from './contact.css.ts';

/** The text fields, in the order they are checked and shown (the first invalid one gets the focus). */
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'topic', 'description'] as const;
type TextField = (typeof FIELDS)[number];
type Values = Record<TextField, string>;
/** What the visitor typed; a topic they have not chosen is null (the link's, if any, shows). */
type Typed = Omit<Values, 'topic'> & { topic: string | null };
type FieldName = TextField | 'files';

interface Problem {
  code: ContactMessageKey;
  name?: string;
  minutes?: number;
}
/** A failure of the whole form rather than of one field. */
type FormProblem = Problem | 'offline' | 'network' | 'server';

const EMPTY: Typed = { first_name: '', last_name: '', email: '', phone: '', topic: null, description: '' };
const SECONDS_PER_MINUTE = 60;

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** The address does not change under the form: nothing to subscribe to. */
const subscribeNever = () => () => {};

/** The topic a link chose (`/contact?topic=business` from the pricing page's enterprise plan). */
function topicFromUrl(): ContactTopic | null {
  const topic = new URLSearchParams(window.location.search).get('topic');
  return (CONTACT_TOPICS as readonly string[]).includes(topic ?? '') ? (topic as ContactTopic) : null;
}

interface Sent {
  reference: string;
  email: string;
  topic: string;
}

/** The contact form (docs/product-rules.md#contact): the form, then what happens after sending, then a new form. */
export function ContactForm() {
  const [sent, setSent] = useState<Sent | null>(null);
  const [topic, setTopic] = useState<string | null>(null);
  if (!sent) return <FormBody initialTopic={topic} onSent={setSent} />;
  return (
    <div className={s.done} data-testid="contact-sent">
      {/* Focus moves to what happened, so a screen reader reads it and a keyboard continues from here. */}
      <h2 ref={(heading) => heading?.focus()} tabIndex={-1}>
        <Trans>Cảm ơn bạn, chúng tôi đã nhận được tin nhắn</Trans>
      </h2>
      <p>
        <Trans>Mã yêu cầu của bạn:</Trans> <span className={s.reference} data-testid="contact-reference">{sent.reference}</span>
      </p>
      <p>
        <Trans>
          Chúng tôi đã gửi email xác nhận tới {sent.email} và sẽ trả lời trong vòng 1 ngày làm việc. Cần bổ sung thông tin? Hãy trả lời email xác nhận đó.
        </Trans>
      </p>
      <div>
        <button
          type="button"
          className={button({ variant: 'secondary' })}
          onClick={() => {
            // A new, empty form (with a new challenge) on the same topic.
            setTopic(sent.topic);
            setSent(null);
          }}
        >
          <Trans>Gửi tin nhắn khác</Trans>
        </button>
      </div>
    </div>
  );
}

/** The form itself: its fields, files and proof of work live as long as it does. */
function FormBody({ initialTopic, onSent }: { initialTopic: string | null; onSent(sent: Sent): void }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<Typed>({ ...EMPTY, topic: initialTopic });
  // Read after hydration (the pre-rendered page has no address to read): null on the server.
  const linkTopic = useSyncExternalStore(subscribeNever, topicFromUrl, () => null);
  const values: Values = { ...typed, topic: typed.topic ?? linkTopic ?? '' };
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, Problem>>>({});
  const [formProblem, setFormProblem] = useState<FormProblem | null>(null);
  const [phase, setPhase] = useState<'editing' | 'waiting' | 'sending'>('editing');
  const [powState, setPowState] = useState<'idle' | 'working' | 'ready' | 'failed'>('idle');
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  // The solver (and its SHA-256) loads on the first focus: a visitor who only reads never fetches it.
  const pow = useRef<() => Promise<ProofOfWork>>(null);

  useEffect(() => {
    let work: Promise<ProofOfWork> | null = null;
    let gone = false;
    const get = () =>
      (work ??= import('./pow.ts').then((module) => {
        const created = module.createProofOfWork(setPowState);
        if (gone) created.stop();
        return created;
      }));
    pow.current = get;
    // The work starts when the visitor first enters the form, so it runs while they type.
    const start = () => void get().then((created) => !gone && created.start());
    const element = form.current;
    element?.addEventListener('focusin', start);
    return () => {
      gone = true;
      element?.removeEventListener('focusin', start);
      void work?.then((created) => created.stop());
    };
  }, []);

  // The field a server refusal names gets the focus once the form is editable again.
  const pendingFocus = useRef<FieldName | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (phase !== 'editing' || !target) return;
    pendingFocus.current = null;
    form.current?.querySelector<HTMLElement>(target === 'files' ? '[data-field="files"]' : `[name="${target}"]`)?.focus();
  }, [phase]);

  const text = (problem: Problem | undefined) => (problem ? i18n._(contactText(problem.code, problem.name, problem.minutes)) : undefined);

  function focusField(name: FieldName) {
    form.current?.querySelector<HTMLElement>(name === 'files' ? '[data-field="files"]' : `[name="${name}"]`)?.focus();
  }

  const change = (name: TextField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setTyped((current) => ({ ...current, [name]: value }));
    // A field being corrected loses its old message; the new value is checked on leaving it or on sending.
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const check = (name: TextField) => () => {
    if (values[name] === '' && name !== 'topic') return;
    const code = contactFieldProblem(name, values[name]);
    setErrors((current) => ({ ...current, [name]: code ? { code } : undefined }));
  };

  async function choose(chosen: File[]) {
    // The byte checks load with the first choice of files.
    const { admitted, problem } = await (await import('./files.ts')).admitFiles(files, chosen);
    setFiles((current) => [...current, ...admitted]);
    setErrors((current) => ({ ...current, files: problem ?? undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const getPow = pow.current;
    if (phase !== 'editing' || !getPow) return;
    const found: Partial<Record<FieldName, Problem>> = {};
    for (const name of FIELDS) {
      const code = contactFieldProblem(name, values[name]);
      if (code) found[name] = { code };
    }
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      setFormProblem(null);
      focusField(first);
      return;
    }
    if (!navigator.onLine) {
      setFormProblem('offline');
      return;
    }
    setFormProblem(null);
    setPhase('waiting');
    try {
      const work = await getPow();
      const solution = await work.solution();
      setPhase('sending');
      const body = new FormData();
      for (const name of FIELDS) body.append(name, values[name]);
      body.append('language', i18n.locale === 'en' ? 'en' : 'vi');
      body.append(CONTACT_HONEYPOT_FIELD, honeypot.current?.value ?? '');
      body.append('pow_challenge', solution.challenge);
      body.append('pow_nonce', solution.nonce);
      for (const file of files) body.append('files', file, file.name);
      const response = await fetch('/api/contact', { method: 'POST', body });
      const answer = (await response.json().catch(() => null)) as { reference?: string; code?: ContactMessageKey; field?: FieldName; file?: string; retry_after_seconds?: number } | null;
      if (response.status === 201 && answer?.reference) {
        // The used challenge goes with this form; "send another" brings a new form and a new challenge.
        onSent({ reference: answer.reference, email: values.email.trim(), topic: values.topic });
        return;
      }
      const code = answer?.code;
      if (code?.startsWith('challenge') || response.status === 429) work.renew();
      if (code && answer?.field) {
        setErrors({ [answer.field]: { code, name: answer.file } });
        pendingFocus.current = answer.field;
      } else if (code) {
        setFormProblem({ code, minutes: Math.ceil((answer?.retry_after_seconds ?? SECONDS_PER_MINUTE) / SECONDS_PER_MINUTE) });
      } else setFormProblem('server');
    } catch {
      // The request did not get through (or the challenge could not be fetched): what was typed stays.
      setFormProblem(navigator.onLine ? 'network' : 'offline');
    } finally {
      setPhase('editing');
    }
  }

  const busy = phase !== 'editing';
  const problemText =
    formProblem === 'offline'
      ? t`Bạn đang ngoại tuyến. Biểu mẫu cần kết nối mạng để gửi; nội dung bạn đã nhập vẫn được giữ nguyên.`
      : formProblem === 'network'
        ? t`Không gửi được vì mất kết nối. Nội dung bạn đã nhập vẫn còn, hãy thử gửi lại.`
        : formProblem === 'server'
          ? t`Có lỗi phía chúng tôi nên chưa gửi được. Vui lòng thử lại sau ít phút.`
          : text(formProblem ?? undefined);
  const field = (name: TextField) => ({
    name,
    value: values[name],
    onChange: change(name),
    onBlur: check(name),
    error: text(errors[name]),
    errorTestId: `field-error-${name}`,
    disabled: busy,
  });

  return (
    <form ref={form} className={s.form} noValidate onSubmit={submit} data-testid="contact-form" aria-busy={busy}>
      <div className={s.pair}>
        <TextInput label={<Trans>Tên</Trans>} autoComplete="given-name" required {...field('first_name')} />
        <TextInput label={<Trans>Họ</Trans>} autoComplete="family-name" required {...field('last_name')} />
      </div>
      <div className={s.pair}>
        <TextInput label={<Trans>Email</Trans>} type="email" inputMode="email" autoComplete="email" placeholder={t`ban@vidu.vn`} required {...field('email')} />
        <TextInput label={<Trans>Số điện thoại (không bắt buộc)</Trans>} type="tel" inputMode="tel" autoComplete="tel" placeholder="0912 345 678" {...field('phone')} />
      </div>
      <Select label={<Trans>Chủ đề</Trans>} required {...field('topic')}>
        <option value="">{t`Chọn chủ đề`}</option>
        {CONTACT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {i18n._(TOPIC_LABELS[topic])}
          </option>
        ))}
      </Select>
      <TextArea
        label={<Trans>Mô tả</Trans>}
        rows={6}
        required
        hint={<Trans>{characterCount(values.description.trim())}/{CONTACT_DESCRIPTION_MAX} ký tự, tối thiểu {CONTACT_DESCRIPTION_MIN}.</Trans>}
        {...field('description')}
      />
      <div className={s.trap} aria-hidden="true">
        <label>
          {/* For scripts only: people never see this field, and anything typed in it drops the message. */}
          {t`Trang web (để trống)`}
          <input ref={honeypot} type="text" name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <FilePicker files={files} error={text(errors.files)} disabled={busy} onChoose={(chosen) => void choose(chosen)} onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))} />
      {problemText ? (
        <p className={formProblem === 'offline' ? s.notice : s.alert} role="alert" data-testid="contact-error">
          {problemText}
        </p>
      ) : !online ? (
        <p className={s.notice} role="status">
          <Trans>Bạn đang ngoại tuyến. Biểu mẫu cần kết nối mạng để gửi; nội dung bạn đã nhập vẫn được giữ nguyên.</Trans>
        </p>
      ) : null}
      <div>
        <button type="submit" className={button({ variant: 'primary', size: 'lg' })} disabled={busy} data-testid="contact-submit">
          {phase === 'waiting' ? <Trans>Đang hoàn tất kiểm tra chống spam…</Trans> : phase === 'sending' ? <Trans>Đang gửi…</Trans> : <Trans>Gửi tin nhắn</Trans>}
        </button>
      </div>
      <p className={s.status} aria-live="polite" data-testid="contact-pow" data-state={powState}>
        {powState === 'working' ? (
          <Trans>Trình duyệt của bạn đang làm một phép kiểm tra chống spam nhỏ, không cần gửi dữ liệu cho bên thứ ba.</Trans>
        ) : powState === 'ready' ? (
          <Trans>Kiểm tra chống spam đã xong.</Trans>
        ) : powState === 'failed' ? (
          <Trans>Chưa chuẩn bị được kiểm tra chống spam; biểu mẫu sẽ thử lại khi bạn gửi.</Trans>
        ) : null}
      </p>
    </form>
  );
}
