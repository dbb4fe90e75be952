import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { button } from '../../ui/button.ts';
import * as s from './blog.css.ts';
import { useBrowserValue } from './browser.ts';

/** How long "Copied" stays on the button, in ms. */
const COPIED_MS = 2_000;

/**
 * Share a post: the networks' share pages are plain links (they work without the script); with
 * the script, the device's own share sheet (Web Share, where the browser has it) and "copy link".
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useLingui();
  // Known only in the browser, after hydration: the server's HTML never shows these two.
  const canShare = useBrowserValue(() => typeof navigator.share === 'function', false);
  const canCopy = useBrowserValue(() => typeof navigator.clipboard?.writeText === 'function', false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const encoded = encodeURIComponent(url);
  const networks = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: 'Zalo', href: `https://sp.zalo.me/share_inline?d=${encodeURIComponent(JSON.stringify({ url }))}` },
    { name: 'X', href: `https://x.com/intent/post?url=${encoded}&text=${encodeURIComponent(title)}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
  ];
  const share = () => {
    // A dismissed share sheet rejects: nothing to report.
    navigator.share({ title, url }).catch(() => undefined);
  };
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className={s.row} aria-label={t`Chia sẻ bài viết`} data-testid="blog-share">
      {canShare && (
        <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={share} data-testid="blog-share-native">
          <Trans>Chia sẻ</Trans>
        </button>
      )}
      {networks.map((network) => (
        <a key={network.name} className={button({ variant: 'secondary', size: 'sm' })} href={network.href} target="_blank" rel="noopener noreferrer">
          {network.name}
        </a>
      ))}
      {canCopy && (
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={copy} data-testid="blog-copy-link">
          {copied ? <Trans>Đã sao chép</Trans> : <Trans>Sao chép liên kết</Trans>}
        </button>
      )}
    </section>
  );
}
