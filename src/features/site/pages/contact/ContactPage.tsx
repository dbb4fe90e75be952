import { Trans } from '@lingui/react/macro';
import * as ui from '../sections.css.ts';
import { ContactForm } from './ContactForm.tsx';
import * as s from './contact.css.ts';

/** `/contact` (docs/product-rules.md#contact): the form (the footer has the team's email and phone). */
export default function ContactPage() {
  return (
    <>
      <section className={s.intro} aria-labelledby="contact-title">
        <div className={ui.container}>
          <p className={ui.eyebrow}>
            <Trans>Liên hệ</Trans>
          </p>
          <h1 id="contact-title" className={s.introTitle}>
            <Trans>Chúng tôi có thể giúp gì cho bạn?</Trans>
          </h1>
          <p className={ui.lead}>
            <Trans>Câu hỏi, báo lỗi, hợp tác hay góp ý: hãy để lại lời nhắn. Chúng tôi trả lời qua email trong vòng 1 ngày làm việc.</Trans>
          </p>
        </div>
      </section>
      <div className={ui.container}>
        <div className={s.layout}>
          <ContactForm />
        </div>
      </div>
    </>
  );
}
