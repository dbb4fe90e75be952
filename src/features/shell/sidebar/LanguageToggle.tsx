import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../../lib/use-locale.ts';
import { visuallyHidden } from '../../../ui/a11y.css.ts';
import * as s from './sidebar.css.ts';

/** VI/EN switch: one button that toggles, showing both codes with the active one filled. */
export function LanguageToggle() {
  const { t } = useLingui();
  const { locale, toggleLocale } = useLocale();
  const hint = locale === 'vi' ? t`Chuyển sang tiếng Anh` : t`Chuyển sang tiếng Việt`;
  return (
    <button type="button" className={s.langToggle} data-testid="lang-toggle" title={hint} onClick={() => void toggleLocale()}>
      <span className={visuallyHidden}>{t`Ngôn ngữ:`}</span>
      <span lang="vi" className={`${s.langOption} ${locale === 'vi' ? s.langOptionActive : ''}`}>
        VI
      </span>
      <span lang="en" className={`${s.langOption} ${locale === 'en' ? s.langOptionActive : ''}`}>
        EN
      </span>
      <span className={visuallyHidden}>{hint}</span>
    </button>
  );
}
