import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { LandingViewer, ResultProps } from './types.ts';
import * as s from './landing.css.ts';

/** The result alone (nothing was drawn before it: the examples made from parameters). */
function Still({ example, hero, label }: ResultProps & { label: MessageDescriptor }) {
  const { i18n } = useLingui();
  const { after } = example;
  return (
    <img
      className={s.picture}
      src={after.src}
      width={after.width}
      height={after.height}
      alt={i18n._(label)}
      loading={hero ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** The still viewer, in the page's words: `after` describes the result. */
export function stillViewer(labels: { after: MessageDescriptor }): LandingViewer {
  return { Result: (props) => <Still {...props} label={labels.after} /> };
}
