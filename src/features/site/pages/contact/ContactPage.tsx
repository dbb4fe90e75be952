import { Trans } from '@lingui/react/macro';
import { COMPANY } from '../../company.ts';
import * as ui from '../sections.css.ts';
import { ContactForm } from './ContactForm.tsx';
import * as s from './contact.css.ts';

/** `/contact` (docs/product-rules.md#contact): the form, and the other ways to reach the team. */
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
            <Trans>Hỏi về dịch vụ, báo lỗi, đề nghị hợp tác hay góp ý: hãy để lại lời nhắn, kèm ảnh chụp màn hình hoặc tệp PDF nếu cần. Chúng tôi trả lời qua email trong vòng 1 ngày làm việc.</Trans>
          </p>
        </div>
      </section>
      <div className={ui.container}>
        <div className={s.layout}>
          <ContactForm />
          <aside className={s.aside} aria-labelledby="contact-other">
            <h2 id="contact-other">
              <Trans>Cách liên hệ khác</Trans>
            </h2>
            <p>
              <Trans>Email</Trans>
              <br />
              <a className={s.asideLink} href={`mailto:${COMPANY.email}`}>
                {COMPANY.email}
              </a>
            </p>
            <p>
              <Trans>Điện thoại</Trans>
              <br />
              <a className={s.asideLink} href={COMPANY.phoneHref}>
                {COMPANY.phone}
              </a>
            </p>
            <p className={s.status}>
              <Trans>Biểu mẫu này được bảo vệ chống spam ngay trên trình duyệt của bạn, không dùng dịch vụ của bên thứ ba.</Trans>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}
