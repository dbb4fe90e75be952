import { useLingui } from '@lingui/react/macro';
import { storeLocale } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useClientNavigation } from '../../../ui/link.tsx';
import { localizedPath, splitLocale } from '../paths.ts';
import { GlobeIcon } from '../../../ui/icons/site/GlobeIcon.tsx';
import * as s from './Header.css.ts';

/**
 * VI/EN switch: shows the active language; its accessible name starts with the visible code
 * (so voice control users can say what they see; a checker ignores a code in parentheses), then
 * says what a press does.
 */
export function LanguageToggle({ testId, className }: { testId?: string; className?: string }) {
  const { t } = useLingui();
  const { locale, toggleLocale } = useLocale();
  const clientNavigation = useClientNavigation();
  const onToggle = () => {
    // A pre-rendered page exists in both languages at its own URL: go to the other one (the
    // choice is kept, and the pages' inline script honours it on the next visit).
    if (!clientNavigation) {
      const next = locale === 'vi' ? 'en' : 'vi';
      storeLocale(next);
      // A page whose address differs by language (a blog post's slug) names it in its head.
      const alternate = document.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${next}"]`);
      if (alternate && window.location.pathname.match(/^(\/en)?\/blog\//)) {
        window.location.assign(new URL(alternate.href).pathname);
        return;
      }
      const { path } = splitLocale(window.location.pathname);
      window.location.assign(`${localizedPath(path, next)}${window.location.search}${window.location.hash}`);
      return;
    }
    void toggleLocale();
  };
  const label = locale === 'vi' ? t`VI, tiếng Việt — chuyển sang tiếng Anh (EN)` : t`EN, tiếng Anh — chuyển sang tiếng Việt (VI)`;
  return (
    <button type="button" className={className ? `${s.langToggle} ${className}` : s.langToggle} aria-label={label} data-testid={testId} onClick={onToggle}>
      <GlobeIcon size={18} />
      <span>{locale.toUpperCase()}</span>
    </button>
  );
}
