import { use, useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { useLocation } from '@tanstack/react-router';
import { activateLocale } from '../../lib/i18n.ts';
import { HrefResolverProvider } from '../../ui/link.tsx';
import { SiteLayout } from '../site/layout/SiteLayout.tsx';
import { siteHrefResolver } from '../site/layout/link-resolver.ts';
import { splitLocale } from '../site/paths.ts';

/**
 * The page itself, a chunk of its own: the server's pre-rendered not-found document hydrates it
 * without this screen's router (scripts/prerender.ts). Fetched as soon as this screen's code runs.
 */
const page = import('../site/NotFoundPage.tsx');

/** The unknown English address the app last switched to English for, and that switch. */
let switched: { path: string; ready: Promise<void> } | null = null;

/**
 * English for an unknown address under /en, once per address (not kept: the reader chose nothing),
 * so a reader who then picks Vietnamese with the header's switch keeps it.
 */
function englishFor(path: string): Promise<void> {
  if (switched?.path !== path) switched = { path, ready: activateLocale('en', { persist: false }) };
  return switched.ready;
}

/**
 * The not-found page in the public site's frame, so a lost visitor still has the whole
 * navigation; an address under /en shows it in English, as the server's own answer does.
 */
export function NotFoundScreen() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { i18n } = useLingui();
  const { default: NotFoundPage } = use(page);
  if (splitLocale(pathname).locale === 'en' && i18n.locale !== 'en') use(englishFor(pathname));
  const locale = i18n.locale === 'en' ? 'en' : 'vi';
  const resolveHref = useMemo(() => siteHrefResolver(locale), [locale]);
  return (
    <HrefResolverProvider value={resolveHref}>
      <SiteLayout transparentHeader={false}>
        <NotFoundPage />
      </SiteLayout>
    </HrefResolverProvider>
  );
}
