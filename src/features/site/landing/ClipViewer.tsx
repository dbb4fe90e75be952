import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { ExampleClip, ExamplePicture, LandingViewer, ResultProps } from './types.ts';
import * as s from './landing.css.ts';

const isClip = (after: ExamplePicture | ExampleClip): after is ExampleClip => 'poster' in after;

/** The engine's clip, its poster (the clip's first frame) standing in until the reader presses play. */
function Clip({ example, label }: ResultProps & { label: MessageDescriptor }) {
  const { i18n } = useLingui();
  const clip = example.after;
  // An example without a clip (none is generated so) still shows its result.
  if (!isClip(clip))
    return <img className={s.picture} src={clip.src} width={clip.width} height={clip.height} alt={i18n._(label)} loading="lazy" decoding="async" />;
  // preload="none": nothing of the clip is fetched before play.
  return (
    <video
      className={s.video}
      src={clip.src}
      poster={clip.poster}
      width={clip.width}
      height={clip.height}
      controls
      muted
      loop
      playsInline
      preload="none"
      aria-label={i18n._(label)}
    />
  );
}

/** The clip viewer, in the page's words: `after` names the clip, `inputs` heads the still it was made from. */
export function clipViewer(labels: { after: MessageDescriptor; inputs: MessageDescriptor }): LandingViewer {
  return { Result: (props) => <Clip {...props} label={labels.after} />, inputs: labels.inputs };
}
