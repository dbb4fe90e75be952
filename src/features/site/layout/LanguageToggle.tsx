import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../../lib/use-locale.ts';
import { GlobeIcon } from '../../../ui/icons/site/GlobeIcon.tsx';
import * as s from './Header.css.ts';

/**
 * VI/EN switch: shows the active language; its accessible name says what a press does
 * (and contains the visible code, so voice control users can say what they see).
 */
export function LanguageToggle({ testId, className }: { testId?: string; className?: string }) {
  const { t } = useLingui();
  const { locale, toggleLocale } = useLocale();
  const label =
    locale === 'vi'
      ? t`Tiếng Việt (VI) — chuyển sang tiếng Anh (EN)`
      : t`Tiếng Anh (EN) — chuyển sang tiếng Việt (VI)`;
  return (
    <button
      type="button"
      className={className ? `${s.langToggle} ${className}` : s.langToggle}
      aria-label={label}
      data-testid={testId}
      onClick={() => void toggleLocale()}
    >
      <GlobeIcon size={18} />
      <span>{locale.toUpperCase()}</span>
    </button>
  );
}
