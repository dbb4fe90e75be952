/**
 * The newsletter's own small pages (confirm, unsubscribe): self-contained HTML in the
 * subscriber's language, no script, styles inline in the page, the look of the mails. The button
 * is a form that POSTs back to the same address: mail scanners and link previews fetch GET links
 * by themselves, so only a person's press confirms or unsubscribes.
 */
import { escapeHtml } from '../platform/html.ts';

export type PageLanguage = 'vi' | 'en';

export interface PageContent {
  /** The section's own language, on a page written in both. */
  language?: PageLanguage;
  title: string;
  paragraphs: string[];
  /** A button that POSTs to `action` (a path of this server with its query). */
  form?: { action: string; label: string };
  /** A plain link under the text (back to the blog). */
  link?: { href: string; label: string };
}

/** One page; `language` null for a page written in both (a link too broken to know whose it is). */
export function renderPage(language: PageLanguage | null, sections: PageContent[]): string {
  const lang = language ?? 'vi';
  const title = sections.map((section) => section.title).join(' · ');
  const body = sections
    .map((section) => {
      const parts = [`<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3;color:#111111;">${escapeHtml(section.title)}</h1>`];
      for (const text of section.paragraphs) parts.push(`<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1f1f1f;">${escapeHtml(text)}</p>`);
      if (section.form) {
        parts.push(
          `<form method="post" action="${escapeHtml(section.form.action)}" style="margin:8px 0 16px;"><button type="submit" style="width:100%;min-height:48px;padding:14px 28px;border:0;border-radius:999px;background:#111111;color:#ffffff;font:inherit;font-size:16px;font-weight:600;cursor:pointer;">${escapeHtml(section.form.label)}</button></form>`,
        );
      }
      if (section.link)
        parts.push(
          `<p style="margin:0;font-size:15px;"><a href="${escapeHtml(section.link.href)}" style="color:#111111;">${escapeHtml(section.link.label)}</a></p>`,
        );
      return `<section lang="${section.language ?? lang}" style="margin:0 0 24px;">${parts.join('')}</section>`;
    })
    .join('<hr style="margin:0 0 24px;border:0;border-top:1px solid #ececea;">');
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Atelier</title></head>`,
    '<body style="margin:0;padding:32px 12px;background:#f6f6f4;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;">',
    '<main style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;overflow:hidden;">',
    '<div style="background:#111111;padding:20px 32px;font-size:20px;font-weight:700;letter-spacing:2px;color:#ffffff;">Atelier</div>',
    `<div style="padding:32px 32px 8px;">${body}</div>`,
    '</main></body></html>',
  ].join('\n');
}

/** The texts of the pages, per language; `{email}` is filled in. */
export const PAGE_TEXT = {
  vi: {
    confirmTitle: 'Xác nhận đăng ký bản tin',
    confirmAsk: 'Nhấn “Xác nhận” để nhận bản tin blog Atelier tại địa chỉ {email}.',
    confirmButton: 'Xác nhận',
    confirmedTitle: 'Bạn đã đăng ký thành công',
    confirmed: 'Cảm ơn bạn! Bản tin blog Atelier sẽ được gửi đến {email}. Chúng tôi vừa gửi cho bạn một email chào mừng.',
    confirmInvalidTitle: 'Liên kết không còn hiệu lực',
    confirmInvalid:
      'Liên kết xác nhận này không hợp lệ, đã được dùng hoặc đã hết hạn. Nếu bạn đã xác nhận rồi, bạn không cần làm gì thêm; nếu chưa, hãy đăng ký lại trên blog để nhận liên kết mới.',
    unsubscribeTitle: 'Hủy đăng ký bản tin',
    unsubscribeAsk: 'Nhấn “Hủy đăng ký” để ngừng nhận bản tin blog Atelier tại địa chỉ {email}.',
    unsubscribeButton: 'Hủy đăng ký',
    unsubscribedTitle: 'Bạn đã hủy đăng ký',
    unsubscribed: 'Chúng tôi sẽ không gửi bản tin đến {email} nữa. Bạn có thể đăng ký lại bất cứ lúc nào trên blog.',
    unsubscribeInvalidTitle: 'Liên kết không hợp lệ',
    unsubscribeInvalid: 'Liên kết hủy đăng ký này không hợp lệ. Hãy dùng liên kết ở cuối email gần nhất bạn nhận được từ chúng tôi.',
    backToBlog: 'Đến blog Atelier',
  },
  en: {
    confirmTitle: 'Confirm your newsletter subscription',
    confirmAsk: 'Press “Confirm” to receive the Atelier blog newsletter at {email}.',
    confirmButton: 'Confirm',
    confirmedTitle: 'You are subscribed',
    confirmed: 'Thank you! The Atelier blog newsletter will go to {email}. We have just sent you a welcome email.',
    confirmInvalidTitle: 'This link no longer works',
    confirmInvalid:
      'This confirmation link is not valid, was already used or has expired. If you already confirmed, there is nothing more to do; if not, sign up again on the blog for a new link.',
    unsubscribeTitle: 'Unsubscribe from the newsletter',
    unsubscribeAsk: 'Press “Unsubscribe” to stop receiving the Atelier blog newsletter at {email}.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribed: 'We will send no more newsletters to {email}. You can sign up again at any time on the blog.',
    unsubscribeInvalidTitle: 'This link is not valid',
    unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link at the bottom of the latest email you received from us.',
    backToBlog: 'Go to the Atelier blog',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

export const fill = (text: string, email: string): string => text.replace('{email}', email);
