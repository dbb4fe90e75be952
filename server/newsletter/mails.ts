/**
 * The newsletter's mails, in the subscriber's language: the confirmation (double opt-in) and the
 * welcome after confirming. Every one carries the unsubscribe link three ways: the
 * `List-Unsubscribe` header (https and mailto, RFC 2369), `List-Unsubscribe-Post` so mail clients
 * unsubscribe in one click without opening a page (RFC 8058), and a visible link at the bottom.
 */
import { renderHtml, renderText, type Layout, type MailContent } from '../mail/templates.ts';

export interface UnsubscribeLinks {
  /** `https://…/newsletter/unsubscribe?token=…`: the page (GET) and the one-click target (POST). */
  url: string;
  /** `mailto:` of the sender's mailbox with the token in the subject, for clients without HTTP. */
  mailto: string;
}

/** The header fields of RFC 2369 and RFC 8058 that every newsletter mail carries. */
export function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.url}>, <${links.mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The mailto: of `List-Unsubscribe`: the sender's own address (MAIL_FROM, `Name <address>` or a
 * bare address), with the token in the subject so the mailbox's keeper can act on it.
 */
export function unsubscribeMailto(mailFrom: string, token: string): string {
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
}

const footerOf = (language: 'vi' | 'en', url: string): Layout['footer'] =>
  language === 'vi'
    ? { text: 'Bạn nhận email này vì địa chỉ của bạn đã được đăng ký nhận bản tin blog Atelier.', label: 'Hủy đăng ký', href: url }
    : { text: 'You are receiving this email because your address was signed up for the Atelier blog newsletter.', label: 'Unsubscribe', href: url };

export interface ConfirmMailInput {
  language: 'vi' | 'en';
  /** The confirmation page's link (its button confirms). */
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
  unsubscribe: UnsubscribeLinks;
}

export function confirmMail(input: ConfirmMailInput): MailContent {
  const vi = input.language === 'vi';
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: 'Xác nhận đăng ký nhận bản tin Atelier',
        greeting: 'Xin chào,',
        paragraphs: [
          'Ai đó (hy vọng là bạn) vừa đăng ký nhận bản tin blog Atelier bằng địa chỉ email này. Nhấn vào nút dưới đây, rồi nhấn “Xác nhận” trên trang mở ra để bắt đầu nhận bản tin:',
        ],
        highlight: { kind: 'button', label: 'Xác nhận đăng ký', href: input.link },
        after: [
          `Liên kết có hiệu lực trong ${input.validHours} giờ và chỉ dùng được một lần.`,
          'Nếu bạn không đăng ký, hãy bỏ qua email này: chúng tôi sẽ không gửi gì thêm đến địa chỉ này.',
        ],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
        footer: footerOf('vi', input.unsubscribe.url),
      }
    : {
        language: 'en',
        preheader: 'Confirm your Atelier newsletter subscription',
        greeting: 'Hello,',
        paragraphs: [
          'Someone (hopefully you) just signed this email address up for the Atelier blog newsletter. Press the button below, then “Confirm” on the page it opens, to start receiving it:',
        ],
        highlight: { kind: 'button', label: 'Confirm subscription', href: input.link },
        after: [
          `The link works for ${input.validHours} hours, and only once.`,
          'If you did not sign up, ignore this email: we will send nothing more to this address.',
        ],
        signature: 'Best regards,\nThe Atelier team',
        footer: footerOf('en', input.unsubscribe.url),
      };
  return {
    kind: 'newsletter-confirm',
    subject: vi ? 'Xác nhận đăng ký bản tin Atelier' : 'Confirm your Atelier newsletter subscription',
    text: renderText(layout),
    html: renderHtml(layout),
    headers: unsubscribeHeaders(input.unsubscribe),
  };
}

export interface WelcomeMailInput {
  language: 'vi' | 'en';
  /** The blog's home in the subscriber's language. */
  blogUrl: string;
  unsubscribe: UnsubscribeLinks;
}

export function welcomeMail(input: WelcomeMailInput): MailContent {
  const vi = input.language === 'vi';
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: 'Bạn đã đăng ký nhận bản tin Atelier',
        greeting: 'Xin chào,',
        paragraphs: [
          'Cảm ơn bạn đã xác nhận! Từ nay bạn sẽ nhận được các bài viết mới của blog Atelier: mẹo chụp và xử lý ảnh sản phẩm thời trang, hướng dẫn dùng các công cụ AI và kinh nghiệm bán hàng online.',
          'Trong lúc chờ số tiếp theo, bạn có thể đọc các bài đã đăng:',
        ],
        highlight: { kind: 'button', label: 'Đọc blog Atelier', href: input.blogUrl },
        after: ['Bạn có thể hủy đăng ký bất cứ lúc nào bằng liên kết ở cuối mỗi email.'],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
        footer: footerOf('vi', input.unsubscribe.url),
      }
    : {
        language: 'en',
        preheader: 'You are subscribed to the Atelier newsletter',
        greeting: 'Hello,',
        paragraphs: [
          'Thank you for confirming! From now on you will receive the new articles of the Atelier blog: tips on shooting and editing fashion product photos, guides to the AI tools and experience from selling online.',
          'While you wait for the next issue, you can read what is already published:',
        ],
        highlight: { kind: 'button', label: 'Read the Atelier blog', href: input.blogUrl },
        after: ['You can unsubscribe at any time with the link at the bottom of every email.'],
        signature: 'Best regards,\nThe Atelier team',
        footer: footerOf('en', input.unsubscribe.url),
      };
  return {
    kind: 'newsletter-welcome',
    subject: vi ? 'Chào mừng bạn đến với bản tin Atelier' : 'Welcome to the Atelier newsletter',
    text: renderText(layout),
    html: renderHtml(layout),
    headers: unsubscribeHeaders(input.unsubscribe),
  };
}
