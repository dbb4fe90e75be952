/**
 * The contact area's two mails: the message for support (in Vietnamese, the support team's
 * language, with the files attached and a reply button to the sender), and the confirmation to
 * the sender in the language of the page they wrote from, which repeats what they wrote but
 * never their files (a confirmation can reach a mistyped address: it carries nothing the sender
 * did not type themselves, and no file).
 */
import type { ContactFields } from '../../src/contract/contact.schema.ts';
import type { ContactLanguage, ContactTopic } from '../../src/contract/contact.ts';
import { renderHtml, renderText, type Layout, type MailContent } from '../mail/templates.ts';

const TOPIC_NAMES: Record<ContactLanguage, Record<ContactTopic, string>> = {
  vi: {
    support: 'Hỗ trợ kỹ thuật',
    pricing: 'Thông tin dịch vụ và bảng giá',
    business: 'Hợp tác kinh doanh',
    feedback: 'Góp ý',
    other: 'Khác',
  },
  en: {
    support: 'Technical support',
    pricing: 'Service information and pricing',
    business: 'Business cooperation',
    feedback: 'Feedback',
    other: 'Other',
  },
};

export interface ContactMailInput {
  reference: string;
  fields: ContactFields;
  /** The attached files' names and sizes, for the support mail's summary. */
  files: ReadonlyArray<{ name: string; bytes: number }>;
}

const KB = 1024;
const sizeText = (bytes: number) => (bytes >= KB * KB ? `${(bytes / (KB * KB)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / KB))} KB`);

/** The message for the support address, in Vietnamese. */
export function supportMail({ reference, fields, files }: ContactMailInput): MailContent {
  const name = `${fields.first_name} ${fields.last_name}`;
  const topic = TOPIC_NAMES.vi[fields.topic];
  const layout: Layout = {
    language: 'vi',
    preheader: `${topic} — ${name}`,
    greeting: `Yêu cầu liên hệ mới ${reference}`,
    paragraphs: [
      `Chủ đề: ${topic}`,
      `Người gửi: ${name} <${fields.email}>`,
      `Số điện thoại: ${fields.phone || '(không có)'}`,
      `Ngôn ngữ của người gửi: ${fields.language === 'vi' ? 'Tiếng Việt' : 'Tiếng Anh'}`,
      `Nội dung:\n${fields.description}`,
      files.length > 0
        ? `Tệp đính kèm (${files.length}): ${files.map((file) => `${file.name} (${sizeText(file.bytes)})`).join(', ')}`
        : 'Không có tệp đính kèm.',
    ],
    highlight: { kind: 'button', label: `Trả lời ${fields.first_name}`, href: `mailto:${fields.email}?subject=${encodeURIComponent(`Re: ${reference}`)}` },
    after: ['Người gửi đã nhận email xác nhận kèm mã yêu cầu này.'],
    signature: 'Biểu mẫu liên hệ Atelier',
  };
  return { kind: 'contact', subject: `[${reference}] ${topic} — ${name}`, text: renderText(layout), html: renderHtml(layout) };
}

/** The confirmation to the sender, in their language; no files. */
export function confirmationMail({ reference, fields }: ContactMailInput): MailContent {
  const vi = fields.language === 'vi';
  const topic = TOPIC_NAMES[fields.language][fields.topic];
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: `Chúng tôi đã nhận được yêu cầu ${reference} của bạn`,
        greeting: `Xin chào ${fields.first_name},`,
        paragraphs: [
          `Cảm ơn bạn đã liên hệ với Atelier. Chúng tôi đã nhận được yêu cầu về “${topic}” của bạn và sẽ trả lời qua email này trong vòng 1 ngày làm việc.`,
          'Mã yêu cầu của bạn:',
        ],
        highlight: { kind: 'code', code: reference },
        after: [`Nội dung bạn đã gửi:\n${fields.description}`, 'Nếu bạn không gửi yêu cầu này, bạn có thể bỏ qua email này.'],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
      }
    : {
        language: 'en',
        preheader: `We received your request ${reference}`,
        greeting: `Hello ${fields.first_name},`,
        paragraphs: [
          `Thank you for contacting Atelier. We received your request about “${topic}” and will answer at this address within 1 business day.`,
          'Your request number:',
        ],
        highlight: { kind: 'code', code: reference },
        after: [`What you sent us:\n${fields.description}`, 'If you did not send this request, you can ignore this email.'],
        signature: 'Best regards,\nThe Atelier team',
      };
  return {
    kind: 'contact-confirmation',
    subject: vi ? `Atelier đã nhận yêu cầu ${reference} của bạn` : `Atelier received your request ${reference}`,
    text: renderText(layout),
    html: renderHtml(layout),
  };
}
