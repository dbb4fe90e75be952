import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ResultViewProps } from './ResultViewBody.tsx';
import * as s from './studio.css.ts';

export type { ResultViewProps } from './ResultViewBody.tsx';

/**
 * The result view's code (the before/after slider, sharing, the dialogs' openers) is not part of
 * a studio's first load: a studio opens on its form, and a result comes seconds after a
 * processing screen, which fetches this code as it shows (preloadResultView).
 */
const loadResultView = () => import('./ResultViewBody.tsx');
const ResultViewBody = lazy(async () => ({ default: (await loadResultView()).ResultViewBody }));

/** Fetches the result view's code ahead of the result: the processing screen calls it. */
export function preloadResultView(): void {
  void loadResultView().catch(() => undefined);
}

/** The result screen of a job (ResultViewBody.tsx); a short "loading" line while its code arrives. */
export function ResultView(props: ResultViewProps) {
  return (
    <Suspense
      fallback={
        <p className={s.muted} role="status" data-testid="result-loading">
          <Trans>Đang tải...</Trans>
        </p>
      }
    >
      <ResultViewBody {...props} />
    </Suspense>
  );
}
