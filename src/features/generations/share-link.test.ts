import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-link.ts';

describe('shareLink', () => {
  const data = { title: 'Kết quả', url: 'https://atelier.test/r/1' };

  it('uses the share sheet when there is one', async () => {
    const share = vi.fn<(d: ShareData) => Promise<void>>().mockResolvedValue();
    const writeText = vi.fn<(text: string) => Promise<void>>();
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet, or when the sheet fails', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue();
    expect(await shareLink(data, { clipboard: { writeText } })).toBe('copied');
    const share = vi.fn<(d: ShareData) => Promise<void>>().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('a closed sheet is not a failure and copies nothing; no clipboard is a failure', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>();
    const share = vi.fn<(d: ShareData) => Promise<void>>().mockRejectedValue(new DOMException('closed', 'AbortError'));
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('dismissed');
    expect(writeText).not.toHaveBeenCalled();
    expect(await shareLink(data, {})).toBe('failed');
  });
});
