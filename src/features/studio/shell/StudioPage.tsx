import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../../ui/button.ts';
import { NotificationPrompt } from '../../offline/NotificationPrompt.tsx';
import { STUDIOS, type StudioId } from '../../registry/studios.ts';
import type { Generation } from '../../../contract/generations.schema.ts';
import { LastResultCard } from './LastResultCard.tsx';
import { useStudioLayout } from './studio-layout.ts';
import * as s from './studio.css.ts';

/**
 * The frame of every studio (docs/product-rules.md#studio-flows): title, short description, the step
 * indicator with the step names of those flows, Back / Next (Tiếp tục), a main column and a side column
 * (the history panel). The tool's screen decides the steps and what each shows.
 *
 * On one page (the legacy studios) the same header, then the form beside its output: one-page.tsx.
 *
 * Stable test ids: `studio-page` (`data-step` = current step id, `data-layout` = steps | page),
 * `studio-step` (`data-state` = done | current | todo), `studio-back`, `studio-next`.
 */

export interface StudioStep {
  id: string;
  label: string;
}

export interface StudioPageProps {
  /** The studio: its registry entry gives the title and the description. */
  studio: StudioId;
  steps: readonly StudioStep[];
  /** Index into `steps`. */
  currentStep: number;
  /** Back; hidden when absent. */
  onBack?: () => void;
  /** Next (Tiếp tục); hidden when absent. */
  onNext?: () => void;
  nextDisabled?: boolean;
  /** Above a fresh form: the last result of this studio, to open again. */
  lastResult?: { job: Generation; onOpen: () => void } | undefined;
  /** Why Next is disabled (shown next to it and named by it). */
  nextHint?: ReactNode;
  /** The header's right side (the tutorial help button). */
  headerActions?: ReactNode;
  /** The side column (the history panel). */
  aside?: ReactNode;
  /** The job's screens (processing, then the result) once a job is shown; null on the form. */
  output?: ReactNode;
  /** The form. */
  children: ReactNode;
}

const OnePageColumns = lazy(async () => ({ default: (await import('./one-page.tsx')).OnePageColumns }));

export function StudioPage(props: StudioPageProps) {
  const { studio, steps, currentStep, onBack, onNext, nextDisabled = false, nextHint, headerActions, aside, lastResult, output, children } = props;
  const { t, i18n } = useLingui();
  const layout = useStudioLayout();
  const entry = STUDIOS[studio];
  const titleId = useId();
  const hintId = useId();
  const current = steps[currentStep];
  return (
    <div className={s.page} data-testid="studio-page" data-step={current?.id} data-layout={layout}>
      <header className={s.header}>
        <div>
          <h1 id={titleId} className={s.title}>
            {i18n._(entry.name)}
          </h1>
          <p className={s.description}>{i18n._(entry.description)}</p>
        </div>
        {headerActions ? <div className={s.headerActions}>{headerActions}</div> : null}
      </header>

      {layout === 'page' ? (
        // One page (the legacy studios): their routes load these columns with them, the studios never.
        <Suspense fallback={null}>
          <OnePageColumns titleId={titleId} lastResult={lastResult} output={output} aside={aside}>
            {children}
          </OnePageColumns>
        </Suspense>
      ) : (
        <>
          <nav aria-label={t`Các bước`}>
            <ol className={s.steps}>
              {steps.map((item, index) => {
                const state = index < currentStep ? 'done' : index === currentStep ? 'current' : 'todo';
                return (
                  <li key={item.id} className={s.step} data-testid="studio-step" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
                    <span className={s.stepNumber} aria-hidden="true">
                      {index + 1}
                    </span>
                    {item.label}
                  </li>
                );
              })}
            </ol>
          </nav>

          <div className={s.layout}>
            <main className={s.main} aria-labelledby={titleId}>
              {/* In the flow above the tool's screen: the offer never covers the job or its result. */}
              <NotificationPrompt />
              {lastResult ? <LastResultCard job={lastResult.job} onOpen={lastResult.onOpen} /> : null}
              {output ?? children}
              {onBack || onNext ? (
                <div className={s.nav}>
                  {onBack ? (
                    <button type="button" className={button({ variant: 'secondary' })} onClick={onBack} data-testid="studio-back">
                      <Trans>Quay lại</Trans>
                    </button>
                  ) : (
                    <span />
                  )}
                  {onNext ? (
                    <div className={s.headerActions}>
                      {nextDisabled && nextHint ? (
                        <p id={hintId} className={s.muted}>
                          {nextHint}
                        </p>
                      ) : null}
                      <button
                        type="button"
                        className={button({ variant: 'primary' })}
                        onClick={onNext}
                        disabled={nextDisabled}
                        aria-describedby={nextDisabled && nextHint ? hintId : undefined}
                        data-testid="studio-next"
                      >
                        <Trans>Tiếp tục</Trans>
                      </button>
                    </div>
                  ) : null}
                </div>
              ) : null}
            </main>
            {aside ? <aside className={s.side}>{aside}</aside> : null}
          </div>
        </>
      )}
    </div>
  );
}
