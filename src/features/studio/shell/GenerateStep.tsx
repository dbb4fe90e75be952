import type { ReactNode } from 'react';
import { StudioGenerate, type StudioGenerateProps } from './GenerateButton.tsx';
import * as s from './studio.css.ts';

export interface GenerateStepProps extends StudioGenerateProps {
  /** The wizard's section ref of this step (`wizard.section(index)`). */
  sectionRef: (node: HTMLElement | null) => void;
  /** The step is the one lit (`formStep === index`). */
  active: boolean;
  /** "Bước 3: …": the heading Back and Next focus. */
  title: ReactNode;
  /** What a job costs and how long it takes. */
  note: ReactNode;
  /** The tutorial's anchor on this step, for a studio with a tour. */
  tutorialTarget?: string;
}

/**
 * The last form step of a studio whose step has nothing but the price, the wait and the
 * Generate button (image editing, the upscaler, the try-on): one heading, one line, the button.
 */
export function GenerateStep({ sectionRef, active, title, note, tutorialTarget, ...generate }: GenerateStepProps) {
  return (
    <div ref={sectionRef} className={s.card} data-tutorial={tutorialTarget} data-active={active}>
      <h2 className={s.cardTitle} tabIndex={-1}>
        {title}
      </h2>
      <p className={s.muted}>{note}</p>
      <StudioGenerate {...generate} />
    </div>
  );
}
