import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Select, TextArea, TextInput } from '../../../../ui/Field.tsx';
import { button } from '../../../../ui/button.ts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  CONTACT_DESCRIPTION_MAX,
  CONTACT_DESCRIPTION_MIN,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TOPICS,
  characterCount,
  type ContactTopic,
} from '../../../../contract/contact.ts';
import { FilePicker } from './FilePicker.tsx';
import type * as Interactive from './interactive.ts';
import type { Sent } from './SentView.tsx';
import type { Problem } from './send.ts';
import type { ProofOfWork } from './pow.ts';
import * as s from './contact.css.ts';

/** The text fields, in the order they are checked and shown (the first invalid one gets the focus). */
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'topic', 'description'] as const;
type TextField = (typeof FIELDS)[number];
type Values = Record<TextField, string>;
/** What the visitor typed; a topic they have not chosen is null (the link's, if any, shows). */
type Typed = Omit<Values, 'topic'> & { topic: string | null };
type FieldName = TextField | 'files';

/** A failure of the whole form rather than of one field. */
type FormProblem = Problem | 'offline' | 'network' | 'server';

const TOPIC_LABELS: Record<ContactTopic, MessageDescriptor> = {
  support: msg`Hỗ trợ kỹ thuật`,
  pricing: msg`Thông tin dịch vụ và bảng giá`,
  business: msg`Hợp tác kinh doanh`,
  feedback: msg`Góp ý`,
  other: msg`Khác`,
};

const EMPTY: Typed = { first_name: '', last_name: '', email: '', phone: '', topic: null, description: '' };

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

/** The contact form (docs/product-rules.md#contact): the form, then what happens after sending (./SentView.tsx), then a new form. */
export function ContactForm() {
  const [done, setDone] = useState<{ sent: Sent; View: typeof Interactive.SentView } | null>(null);
  const [topic, setTopic] = useState<string | null>(null);
  if (!done) return <FormBody initialTopic={topic} onSent={(sent, View) => setDone({ sent, View })} />;
  return (
    <done.View
      sent={done.sent}
      onAnother={() => {
        // A new, empty form (with a new challenge) on the same topic.
        setTopic(done.sent.topic);
        setDone(null);
      }}
    />
  );
}

/** The form itself: its fields, files and proof of work live as long as it does. */
function FormBody({ initialTopic, onSent }: { initialTopic: string | null; onSent(sent: Sent, View: typeof Interactive.SentView): void }) {
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
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  // The checks, their messages and the proof of work load on the first focus (./interactive.ts).
  const load = useRef<() => Promise<typeof Interactive>>(null);
  const [logic, setLogic] = useState<typeof Interactive | null>(null);
  const pow = useRef<ProofOfWork | null>(null);

  useEffect(() => {
    let loading: Promise<typeof Interactive> | null = null;
    let gone = false;
    const get = () =>
      (loading ??= import('./interactive.ts').then((module) => {
        setLogic(module);
        pow.current ??= module.createProofOfWork(setPowState);
        return module;
      }));
    load.current = get;
    // The work starts when the visitor first enters the form, so it runs while they type.
    const start = () => void get().then(() => !gone && pow.current?.start());
    const element = form.current;
    element?.addEventListener('focusin', start);
    return () => {
      gone = true;
      element?.removeEventListener('focusin', start);
      void loading?.then(() => pow.current?.stop());
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

  // A problem exists only once the checks have loaded (or a send, which loads them, answered).
  const text = (problem: Problem | undefined) => (problem && logic ? i18n._(logic.contactText(problem.code, problem.name, problem.minutes)) : undefined);

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
    if ((values[name] === '' && name !== 'topic') || !logic) return;
    const code = logic.contactFieldProblem(name, values[name]);
    setErrors((current) => ({ ...current, [name]: code ? { code } : undefined }));
  };

  async function choose(chosen: File[]) {
    const checks = await load.current?.();
    if (!checks) return;
    const { admitted, problem } = await checks.admitFiles(files, chosen);
    setFiles((current) => [...current, ...admitted]);
    setErrors((current) => ({ ...current, files: problem ?? undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'editing' || !load.current) return;
    const checks = await load.current().catch(() => null);
    if (!checks) {
      // The page's own code could not load: the connection is gone.
      setFormProblem(navigator.onLine ? 'network' : 'offline');
      return;
    }
    const found: Partial<Record<FieldName, Problem>> = {};
    for (const name of FIELDS) {
      const code = checks.contactFieldProblem(name, values[name]);
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
      const work = pow.current;
      if (!work) throw new Error('the proof of work comes with the checks');
      const outcome = await checks.sendContact({ ...values, language: i18n.locale === 'en' ? 'en' : 'vi' }, honeypot.current?.value ?? '', files, work, () =>
        setPhase('sending'),
      );
      if ('reference' in outcome) onSent({ reference: outcome.reference, email: values.email.trim(), topic: values.topic }, checks.SentView);
      else if ('field' in outcome) {
        setErrors({ [outcome.field]: outcome.problem });
        pendingFocus.current = outcome.field as FieldName;
      } else setFormProblem(outcome.problem);
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
      ? t`Bạn đang ngoại tuyến: cần kết nối mạng để gửi. Nội dung đã nhập vẫn được giữ.`
      : formProblem === 'network'
        ? t`Mất kết nối nên chưa gửi được. Nội dung vẫn còn, hãy gửi lại.`
        : formProblem === 'server'
          ? t`Có lỗi phía chúng tôi. Vui lòng thử lại sau ít phút.`
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
        <TextInput
          label={<Trans>Số điện thoại (không bắt buộc)</Trans>}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0912 345 678"
          {...field('phone')}
        />
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
        hint={
          <Trans>
            {characterCount(values.description.trim())}/{CONTACT_DESCRIPTION_MAX} ký tự, tối thiểu {CONTACT_DESCRIPTION_MIN}.
          </Trans>
        }
        {...field('description')}
      />
      <div className={s.trap} aria-hidden="true">
        <label>
          {/* For scripts only: people never see this field, and anything typed in it drops the message. */}
          {t`Trang web (để trống)`}
          <input ref={honeypot} type="text" name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <FilePicker
        files={files}
        error={text(errors.files)}
        disabled={busy}
        onChoose={(chosen) => void choose(chosen)}
        onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
      />
      {problemText ? (
        <p className={formProblem === 'offline' ? s.notice : s.alert} role="alert" data-testid="contact-error">
          {problemText}
        </p>
      ) : !online ? (
        <p className={s.notice} role="status">
          <Trans>Bạn đang ngoại tuyến: cần kết nối mạng để gửi. Nội dung đã nhập vẫn được giữ.</Trans>
        </p>
      ) : null}
      <div>
        <button type="submit" className={button({ variant: 'primary', size: 'lg' })} disabled={busy} data-testid="contact-submit">
          {phase === 'waiting' ? (
            <Trans>Đang hoàn tất kiểm tra chống spam…</Trans>
          ) : phase === 'sending' ? (
            <Trans>Đang gửi…</Trans>
          ) : (
            <Trans>Gửi tin nhắn</Trans>
          )}
        </button>
      </div>
      <p className={s.status} aria-live="polite" data-testid="contact-pow" data-state={powState}>
        {powState === 'working' ? (
          <Trans>Đang kiểm tra chống spam ngay trên trình duyệt của bạn…</Trans>
        ) : powState === 'failed' ? (
          <Trans>Chưa kiểm tra chống spam được; sẽ thử lại khi bạn gửi.</Trans>
        ) : null}
      </p>
    </form>
  );
}
