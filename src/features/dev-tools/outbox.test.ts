import { describe, expect, it } from 'vitest';
import { linkify, sortNewestFirst } from './outbox.ts';

const mail = (id: string, createdAt: string) => ({ id, to: 'a@b.vn', subject: id, text: '', html: '', kind: 'otp' as const, createdAt });

describe('outbox', () => {
  it('lists the newest mail first', () => {
    const sorted = sortNewestFirst([mail('old', '2025-01-01T00:00:00Z'), mail('new', '2025-03-01T00:00:00Z'), mail('mid', '2025-02-01T00:00:00Z')]);
    expect(sorted.map((m) => m.id)).toEqual(['new', 'mid', 'old']);
  });

  it('turns URLs of a mail text into links, without trailing punctuation', () => {
    expect(linkify('Mở http://localhost:8080/auth/reset-password?token=abc&email=a%40b.vn. Xong')).toEqual([
      { text: 'Mở ' },
      {
        text: 'http://localhost:8080/auth/reset-password?token=abc&email=a%40b.vn',
        href: 'http://localhost:8080/auth/reset-password?token=abc&email=a%40b.vn',
      },
      { text: '. Xong' },
    ]);
    expect(linkify('no links')).toEqual([{ text: 'no links' }]);
  });
});
