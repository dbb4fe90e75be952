import { useLingui } from '@lingui/react';
import { CompareSlider } from './CompareSlider.tsx';
import type { ExampleClip, ExamplePicture, LandingCopy, LandingExample } from './types.ts';
import * as s from './landing.css.ts';

interface Props {
  example: LandingExample;
  copy: LandingCopy;
  kind: 'compare' | 'parameters' | 'video';
  /** In the hero: the picture alone, fetched at once. Below the fold: with its inputs and what was asked, fetched lazily. */
  hero: boolean;
  transparent: boolean;
}

const isClip = (after: ExamplePicture | ExampleClip): after is ExampleClip => 'poster' in after;

/** One example as its kind shows it (see LandingPage). */
export function ExampleView({ example, copy, kind, hero, transparent }: Props) {
  const { i18n } = useLingui();
  const text = copy.examples.items[example.id];
  const loading = hero ? 'eager' : 'lazy';
  const labels = { before: i18n._(copy.viewer.before), after: i18n._(copy.viewer.after), slider: i18n._(copy.viewer.label) };
  const prompt = typeof example.params.prompt === 'string' ? example.params.prompt : null;

  let picture;
  if (kind === 'compare') {
    picture = <CompareSlider before={example.before[0]!} after={example.after} labels={labels} eager={hero} transparent={transparent} />;
  } else if (kind === 'video' && isClip(example.after)) {
    const clip = example.after;
    // preload="none": the poster (the clip's first frame) stands in until the reader presses play.
    picture = (
      <video className={s.video} src={clip.src} poster={clip.poster} width={clip.width} height={clip.height} controls muted loop playsInline preload="none" aria-label={labels.after} />
    );
  } else {
    picture = <img className={s.compareImage} src={example.after.src} width={example.after.width} height={example.after.height} alt={labels.after} loading={loading} decoding="async" />;
  }
  if (hero || !text) return picture;

  const inputs = kind === 'compare' ? example.before : kind === 'video' ? example.before : [];
  return (
    <article className={s.exampleCard} data-testid={`example-${example.id}`}>
      <h3 className={s.exampleTitle}>{i18n._(text.title)}</h3>
      {picture}
      <p className={s.caption}>{i18n._(text.text)}</p>
      {prompt ? <blockquote className={s.instruction}>“{prompt}”</blockquote> : null}
      {inputs.length > 0 ? (
        <div>
          <p className={s.caption}>{i18n._(copy.viewer.inputs)}</p>
          <ul className={s.inputs}>
            {inputs.map((input, index) => {
              const name = text.inputNames?.[index];
              return (
                <li key={input.src} className={s.inputItem}>
                  <img className={s.thumb} src={input.src} width={input.width} height={input.height} alt={name ? i18n._(name) : ''} loading="lazy" decoding="async" />
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
