import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { PACK_VALIDITY_MONTHS } from '../../../../contract/packs.ts';
import { AppLink } from '../../../../ui/link.tsx';
import * as ui from '../sections.css.ts';
import * as s from './pricing.css.ts';

/** One question: a native disclosure (Enter or Space on the summary opens it), closed until asked; its + is drawn by CSS. */
function Question({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <details className={s.faqItem} data-faq="">
      <summary className={s.faqQuestion}>{question}</summary>
      <div className={s.faqAnswer}>{children}</div>
    </details>
  );
}

/** Questions about plans, credits and payment, answered from the catalogue's rules. */
export function PricingFaq() {
  const months = PACK_VALIDITY_MONTHS;
  return (
    <section className={ui.section.canvas} aria-labelledby="pricing-faq-title">
      <div className={`${ui.container} ${s.faqGrid}`}>
        <div className={ui.flushHead}>
          <p className={ui.eyebrow}>
            <Trans>Hỏi đáp</Trans>
          </p>
          <h2 id="pricing-faq-title" className={ui.title}>
            <Trans>Câu hỏi về gói và thanh toán</Trans>
          </h2>
          <p className={ui.lead}>
            <Trans>
              Cần một gói riêng cho cửa hàng của bạn?{' '}
              <AppLink to="/contact" className={ui.inlineLink}>
                Liên hệ với chúng tôi
              </AppLink>
              .
            </Trans>
          </p>
        </div>
        <div className={s.faqList} data-testid="pricing-faq">
          <Question question={<Trans>Tôi có thể nâng cấp hoặc hạ gói bất cứ lúc nào không?</Trans>}>
            <p>
              <Trans>
                Có. Nâng cấp có hiệu lực ngay, phần chưa dùng của kỳ hiện tại được trừ vào số tiền phải trả. Hạ gói có hiệu lực khi kỳ hiện tại kết thúc.
              </Trans>
            </p>
          </Question>
          <Question question={<Trans>Tín dụng có hết hạn không?</Trans>}>
            <p>
              <Trans>
                Tín dụng của gói hết hạn vào cuối mỗi chu kỳ thanh toán. Tín dụng mua thêm dùng được {months} tháng và được trừ sau tín dụng của gói, vì tín
                dụng sắp hết hạn luôn được dùng trước.
              </Trans>
            </p>
          </Question>
          <Question question={<Trans>Atelier nhận những định dạng ảnh nào?</Trans>}>
            <p>
              <Trans>Ảnh JPG, PNG và WebP, tối đa 10 MB mỗi ảnh (công cụ làm nét: 20 MB).</Trans>
            </p>
          </Question>
          <Question question={<Trans>Nếu lần tạo bị lỗi, tôi có mất tín dụng không?</Trans>}>
            <p>
              <Trans>Không. Lần tạo nào lỗi, bị hủy hay quá thời gian, tín dụng được hoàn lại tự động.</Trans>
            </p>
          </Question>
          <Question question={<Trans>Giá đã gồm VAT chưa?</Trans>}>
            <p>
              <Trans>Rồi. Mọi giá niêm yết bằng VND và đã gồm VAT.</Trans>
            </p>
          </Question>
          <Question question={<Trans>Tôi thanh toán bằng cách nào?</Trans>}>
            <p>
              <Trans>Chuyển khoản VietQR (payOS), VNPay, ví MoMo hoặc thẻ quốc tế (Stripe).</Trans>
            </p>
          </Question>
        </div>
      </div>
    </section>
  );
}
