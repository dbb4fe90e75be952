import { Trans, useLingui } from '@lingui/react/macro';
import { INTL_LOCALE, isLocale } from '../../../../lib/i18n.ts';
import * as ui from '../sections.css.ts';
import { PROSE_BODY_ATTRIBUTE, useProse } from './prose-data.ts';
import * as s from './prose.css.ts';

/**
 * A page of text (terms, privacy, shipping, warranty, the image-editing guidelines): its title,
 * when it last changed, a table of contents of its sections, then the text.
 */
export default function ProsePage() {
  const { i18n } = useLingui();
  const prose = useProse();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'vi';
  const updated = prose.updated
    ? new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${prose.updated}T00:00:00Z`),
      )
    : null;
  return (
    <div className={ui.section.paper}>
      <div className={`${ui.container} ${s.layout}`}>
        <header className={s.head}>
          <h1 className={ui.title}>{prose.title}</h1>
          {updated && prose.updated && (
            <p className={s.updated}>
              <Trans>
                Cập nhật lần cuối:{' '}
                <time data-prose-updated="" dateTime={prose.updated}>
                  {updated}
                </time>
              </Trans>
            </p>
          )}
        </header>
        {prose.toc.length > 1 && (
          <nav className={s.toc} aria-labelledby="prose-toc-title">
            <h2 id="prose-toc-title" className={s.tocTitle}>
              <Trans>Mục lục</Trans>
            </h2>
            <ul className={s.tocList}>
              {prose.toc.map((heading) => (
                <li key={heading.id} className={heading.depth === 3 ? s.tocSub : undefined}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className={s.body} {...{ [PROSE_BODY_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: prose.html }} />
      </div>
    </div>
  );
}
