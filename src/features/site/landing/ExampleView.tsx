import { useLingui } from '@lingui/react';
import type { LandingCopy, LandingExample, LandingViewer } from './types.ts';
import * as s from './landing.css.ts';

interface Props {
  example: LandingExample;
  copy: LandingCopy;
  viewer: LandingViewer;
  /** In the hero: the result alone, fetched at once. Below the fold: with its inputs and what was asked, fetched lazily. */
  hero: boolean;
  transparent: boolean;
}

/** One example as the page's viewer shows it (see LandingPage). */
export function ExampleView({ example, copy, viewer, hero, transparent }: Props) {
  const { i18n } = useLingui();
  const text = copy.examples.items[example.id];
  const sent = typeof example.params.prompt === 'string' ? example.params.prompt : null;
  const picture = <viewer.Result example={example} hero={hero} transparent={transparent} />;
  if (hero || !text) return picture;

  const inputs = viewer.inputs ? example.before : [];
  return (
    <article className={s.exampleCard} data-testid={`example-${example.id}`}>
      <h3 className={s.exampleTitle}>{i18n._(text.title)}</h3>
      {picture}
      <p className={s.caption}>{i18n._(text.text)}</p>
      {text.prompt ? (
        <blockquote className={s.instruction}>“{i18n._(text.prompt)}”</blockquote>
      ) : sent ? (
        // As sent, in Vietnamese (scripts/make-examples.ts): marked so, on a page in another language.
        <blockquote className={s.instruction} lang="vi">
          “{sent}”
        </blockquote>
      ) : null}
      {viewer.inputs && inputs.length > 0 ? (
        <div>
          <p className={s.caption}>{i18n._(viewer.inputs)}</p>
          <ul className={s.inputs}>
            {inputs.map((input, index) => {
              const name = text.inputNames?.[index];
              return (
                <li key={input.src} className={s.inputItem}>
                  <img
                    className={s.thumb}
                    src={input.src}
                    width={input.width}
                    height={input.height}
                    alt={name ? i18n._(name) : ''}
                    loading="lazy"
                    decoding="async"
                  />
                  {name ? <span aria-hidden="true">{i18n._(name)}</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
