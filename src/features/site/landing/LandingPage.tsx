import { useLingui } from '@lingui/react';
import { AppLink } from '../../../ui/link.tsx';
import { button } from '../../../ui/button.ts';
import { ArrowRightIcon } from '../../../ui/icons/site/ArrowRightIcon.tsx';
import { PlusIcon } from '../../../ui/icons/site/PlusIcon.tsx';
import * as table from '../../../ui/table.css.ts';
import * as ui from '../pages/sections.css.ts';
import { ExampleView } from './ExampleView.tsx';
import type { LandingCopy, LandingExample, LandingViewer } from './types.ts';
import * as s from './landing.css.ts';

export interface LandingPageProps {
  /** Prefix of the sections' ids, e.g. "tryon". */
  name: string;
  copy: LandingCopy;
  examples: readonly LandingExample[];
  /** How an example's result is shown: compareViewer, clipViewer or stillViewer, built by the page with its words. */
  viewer: LandingViewer;
  /** The examples three across as a gallery (results made from parameters), rather than two cards across. */
  gallery?: boolean;
  /** The studio the calls to action open (signed out, the app asks to sign in first and comes back). */
  studio: string;
  /** Examples whose result is transparent (a removed background). */
  transparent?: readonly string[];
}

/**
 * The template of the service landing pages (/services/…): hero with the first example, what the
 * tool does for a seller and for a salon, more examples with what the engine was asked, steps,
 * the credit cost, questions, and the call to the studio. Every word comes from `copy`.
 */
export function LandingPage({ name, copy, examples, viewer, gallery = false, studio, transparent = [] }: LandingPageProps) {
  const { i18n } = useLingui();
  const first = examples[0];
  const view = (example: LandingExample, hero: boolean) => (
    <ExampleView example={example} copy={copy} viewer={viewer} hero={hero} transparent={transparent.includes(example.id)} />
  );
  const cta = (
    <AppLink to={studio} className={`${button({ variant: 'accent', size: 'lg' })} ${s.cta}`} data-testid="landing-cta">
      {i18n._(copy.cta)}
      <ArrowRightIcon size={20} />
    </AppLink>
  );

  return (
    <>
      <section className={s.hero} aria-labelledby={`${name}-title`}>
        <div className={`${ui.container} ${s.heroGrid}`}>
          <div className={s.heroCopy}>
            <p className={ui.eyebrow}>{i18n._(copy.eyebrow)}</p>
            <h1 id={`${name}-title`} className={s.heroTitle}>
              {i18n._(copy.title)}
            </h1>
            <p className={s.heroLead}>{i18n._(copy.lead)}</p>
            <p className={s.priceChip}>{copy.price}</p>
            <div className={ui.actions}>
              {cta}
              <AppLink to="/pricing" className={button({ variant: 'secondary', size: 'lg' })}>
                {i18n._(copy.pricingLink)}
              </AppLink>
            </div>
            <p className={s.ctaNote}>{i18n._(copy.ctaNote)}</p>
          </div>
          {first ? (
            <figure className={s.figure}>
              {view(first, true)}
              <figcaption className={s.caption}>{i18n._(copy.heroCaption)}</figcaption>
            </figure>
          ) : null}
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby={`${name}-audiences`}>
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>{i18n._(copy.audiences.eyebrow)}</p>
            <h2 id={`${name}-audiences`} className={ui.title}>
              {i18n._(copy.audiences.title)}
            </h2>
          </div>
          <div className={s.audiences}>
            {(
              [
                [copy.audiences.seller, copy.audiences.sellerPoints],
                [copy.audiences.salon, copy.audiences.salonPoints],
              ] as const
            ).map(([title, points]) => (
              <article key={title.id} className={s.audience}>
                <h3 className={s.audienceTitle}>{i18n._(title)}</h3>
                <ul className={s.points}>
                  {points.map((point) => (
                    <li key={point.id}>{i18n._(point)}</li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={ui.section.canvas} aria-labelledby={`${name}-examples`}>
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>{i18n._(copy.examples.eyebrow)}</p>
            <h2 id={`${name}-examples`} className={ui.title}>
              {i18n._(copy.examples.title)}
            </h2>
            <p className={ui.lead}>{i18n._(copy.examples.lead)}</p>
          </div>
          <ul className={gallery ? s.gallery : s.exampleGrid}>
            {examples.map((example) => (
              <li key={example.id}>{view(example, false)}</li>
            ))}
          </ul>
          <p className={s.note}>{i18n._(copy.examples.engineNote)}</p>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby={`${name}-steps`}>
        <div className={ui.container}>
          <div className={ui.sectionHead}>
            <p className={ui.eyebrow}>{i18n._(copy.steps.eyebrow)}</p>
            <h2 id={`${name}-steps`} className={ui.title}>
              {i18n._(copy.steps.title)}
            </h2>
          </div>
          <ol className={s.steps}>
            {copy.steps.items.map((step, index) => (
              <li key={step.title.id} className={s.step}>
                <span className={s.stepNumber} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3 className={s.stepTitle}>{i18n._(step.title)}</h3>
                <p className={s.stepText}>{i18n._(step.text)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={ui.section.sand} aria-labelledby={`${name}-cost`}>
        <div className={`${ui.container} ${s.split}`}>
          <div className={ui.flushHead}>
            <p className={ui.eyebrow}>{i18n._(copy.cost.eyebrow)}</p>
            <h2 id={`${name}-cost`} className={ui.title}>
              {i18n._(copy.cost.title)}
            </h2>
            <p className={ui.lead}>{i18n._(copy.cost.lead)}</p>
          </div>
          <div className={table.frame}>
            <table className={table.table} data-testid="landing-cost">
              <thead>
                <tr>
                  <th scope="col" className={table.headCell}>
                    {i18n._(copy.cost.columns[0])}
                  </th>
                  <th scope="col" className={`${table.headCell} ${table.end}`}>
                    {i18n._(copy.cost.columns[1])}
                  </th>
                </tr>
              </thead>
              <tbody>
                {copy.cost.rows.map((row) => (
                  <tr key={row.label.id} className={table.row}>
                    <th scope="row" className={table.cell}>
                      {i18n._(row.label)}
                      {row.detail ? <span className={s.costDetail}>{i18n._(row.detail)}</span> : null}
                    </th>
                    <td className={`${table.cell} ${table.end}`}>{row.credits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section className={ui.section.canvas} aria-labelledby={`${name}-faq`}>
        <div className={`${ui.container} ${s.split}`}>
          <div className={ui.flushHead}>
            <p className={ui.eyebrow}>{i18n._(copy.faq.eyebrow)}</p>
            <h2 id={`${name}-faq`} className={ui.title}>
              {i18n._(copy.faq.title)}
            </h2>
          </div>
          <div className={s.faqList}>
            {copy.faq.items.map((item) => (
              <details key={item.question.id} className={s.faqItem} data-faq="">
                <summary className={s.faqQuestion}>
                  {i18n._(item.question)}
                  <PlusIcon size={22} className={s.faqIcon} />
                </summary>
                <p className={s.faqAnswer}>{i18n._(item.answer)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className={ui.section.paper} aria-labelledby={`${name}-final`}>
        <div className={ui.container}>
          <div className={s.finalCta}>
            <div className={ui.flushHead}>
              <h2 id={`${name}-final`} className={ui.title}>
                {i18n._(copy.final.title)}
              </h2>
              <p className={ui.lead}>{i18n._(copy.final.text)}</p>
            </div>
            <div className={ui.actions}>{cta}</div>
          </div>
          <p className={s.credit}>
            {i18n._(copy.credit)}{' '}
            <a href="/examples/LICENSE.md" className={ui.inlineLink}>
              {i18n._(copy.creditLink)}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
