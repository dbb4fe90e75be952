/**
 * The product's mails, in the account's language (vi or en): plain text and inline-styled HTML
 * (mail clients ignore style sheets), both carrying the same content.
 */
import type { MailKind } from '../../src/contract/dev-tools.schema.ts';
import type { Language } from '../db/schema.ts';
import { escapeHtml } from '../platform/html.ts';

export interface MailContent {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, name to value (the newsletter's List-Unsubscribe and
   * List-Unsubscribe-Post, RFC 2369 and RFC 8058); most mails have none.
   */
  headers?: Readonly<Record<string, string>>;
}

const BRAND = 'Atelier';

export interface Layout {
  language: Language;
  preheader: string;
  greeting: string;
  paragraphs: string[];
  /** The centre piece: a code to type, or a button to press. */
  highlight: { kind: 'code'; code: string } | { kind: 'button'; label: string; href: string };
  after: string[];
  signature: string;
  /** A small line under the signature with a link (the newsletter's visible unsubscribe link). */
  footer?: { text: string; label: string; href: string };
}

/** One paragraph of a mail. */
const p = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f1f1f;">${escapeHtml(text)}</p>`;

/** Table layout and inline styles: what every mail client renders alike. */
export function renderHtml(layout: Layout): string {
  const highlight =
    layout.highlight.kind === 'code'
      ? `<p style="margin:8px 0 24px;text-align:center;"><span style="display:inline-block;padding:14px 28px;border-radius:10px;background:#f4f1ec;font-family:'SFMono-Regular',Consolas,'Liberation Mono',monospace;font-size:32px;font-weight:700;letter-spacing:8px;color:#111111;">${escapeHtml(layout.highlight.code)}</span></p>`
      : `<p style="margin:8px 0 24px;text-align:center;"><a href="${escapeHtml(layout.highlight.href)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#111111;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">${escapeHtml(layout.highlight.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#6b6b6b;word-break:break-all;"><a href="${escapeHtml(layout.highlight.href)}" style="color:#6b6b6b;">${escapeHtml(layout.highlight.href)}</a></p>`;
  return [
    '<!doctype html>',
    `<html lang="${layout.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(BRAND)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f6f6f4;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;">',
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(layout.preheader)}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f6f4;padding:32px 12px;"><tr><td align="center">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden;">',
    `<tr><td style="background:#111111;padding:20px 32px;font-size:20px;font-weight:700;letter-spacing:2px;color:#ffffff;">${escapeHtml(BRAND)}</td></tr>`,
    '<tr><td style="padding:32px;">',
    p(layout.greeting),
    ...layout.paragraphs.map(p),
    highlight,
    ...layout.after.map(p),
    `<p style="margin:24px 0 0;font-size:15px;line-height:1.6;color:#1f1f1f;">${layout.signature.split('\n').map(escapeHtml).join('<br>')}</p>`,
    ...(layout.footer
      ? [
          `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #ececea;font-size:12px;line-height:1.6;color:#6b6b6b;">${escapeHtml(layout.footer.text)} <a href="${escapeHtml(layout.footer.href)}" style="color:#6b6b6b;">${escapeHtml(layout.footer.label)}</a></p>`,
        ]
      : []),
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

export function renderText(layout: Layout): string {
  const highlight = layout.highlight.kind === 'code' ? `    ${layout.highlight.code}` : layout.highlight.href;
  const footer = layout.footer ? [`--\n${layout.footer.text} ${layout.footer.label}: ${layout.footer.href}`] : [];
  return [layout.greeting, ...layout.paragraphs, highlight, ...layout.after, layout.signature, ...footer].join('\n\n') + '\n';
}

export interface OtpMailInput {
  language: Language;
  name: string;
  code: string;
  /** How long the code works, in minutes. */
  validMinutes: number;
}

export function otpMail(input: OtpMailInput): MailContent {
  const vi = input.language === 'vi';
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: `Mã xác minh của bạn là ${input.code}`,
        greeting: `Xin chào ${input.name},`,
        paragraphs: ['Cảm ơn bạn đã đăng ký Atelier. Hãy nhập mã dưới đây để xác minh địa chỉ email của bạn:'],
        highlight: { kind: 'code', code: input.code },
        after: [`Mã có hiệu lực trong ${input.validMinutes} phút và chỉ dùng được một lần.`, 'Nếu bạn không yêu cầu mã này, bạn có thể bỏ qua email này.'],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
      }
    : {
        language: 'en',
        preheader: `Your verification code is ${input.code}`,
        greeting: `Hello ${input.name},`,
        paragraphs: ['Thank you for signing up for Atelier. Enter the code below to verify your email address:'],
        highlight: { kind: 'code', code: input.code },
        after: [`The code works for ${input.validMinutes} minutes, and only once.`, 'If you did not ask for it, you can ignore this email.'],
        signature: 'Best regards,\nThe Atelier team',
      };
  return {
    kind: 'otp',
    subject: vi ? 'Mã xác minh Atelier của bạn' : 'Your Atelier verification code',
    text: renderText(layout),
    html: renderHtml(layout),
  };
}

export interface ResetMailInput {
  language: Language;
  name: string;
  link: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

export function resetMail(input: ResetMailInput): MailContent {
  const vi = input.language === 'vi';
  const layout: Layout = vi
    ? {
        language: 'vi',
        preheader: 'Đặt lại mật khẩu tài khoản Atelier của bạn',
        greeting: `Xin chào ${input.name},`,
        paragraphs: ['Chúng tôi vừa nhận được yêu cầu đặt lại mật khẩu cho tài khoản Atelier của bạn. Nhấn vào nút dưới đây để chọn mật khẩu mới:'],
        highlight: { kind: 'button', label: 'Đặt lại mật khẩu', href: input.link },
        after: [
          `Liên kết có hiệu lực trong ${input.validMinutes} phút và chỉ dùng được một lần.`,
          'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này: mật khẩu hiện tại của bạn vẫn được giữ nguyên.',
        ],
        signature: 'Trân trọng,\nĐội ngũ Atelier',
      }
    : {
        language: 'en',
        preheader: 'Reset the password of your Atelier account',
        greeting: `Hello ${input.name},`,
        paragraphs: ['We received a request to reset the password of your Atelier account. Press the button below to choose a new one:'],
        highlight: { kind: 'button', label: 'Reset password', href: input.link },
        after: [
          `The link works for ${input.validMinutes} minutes, and only once.`,
          'If you did not ask for a new password, ignore this email: your current password stays as it is.',
        ],
        signature: 'Best regards,\nThe Atelier team',
      };
  return {
    kind: 'reset',
    subject: vi ? 'Đặt lại mật khẩu Atelier' : 'Reset your Atelier password',
    text: renderText(layout),
    html: renderHtml(layout),
  };
}
