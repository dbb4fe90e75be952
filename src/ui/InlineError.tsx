import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { button } from './button.ts';

export interface InlineErrorProps {
  /** What failed. */
  title: ReactNode;
  /** Tries again; shows a small "Thử lại" (Retry) button. */
  onRetry: () => void;
  /** Lays the line out (e.g. the list's row under its items). */
  className?: string;
  testId?: string;
  retryTestId?: string;
}

/**
 * ErrorState's one-line form (States.tsx), inside something already shown: e.g. the next page of
 * a list failed under the items loaded. The words and a small Retry (role="alert"), no icon. Its
 * own module: States.tsx ships in every studio's first load, which this form need not grow.
 */
export function InlineError({ title, onRetry, className, testId, retryTestId }: InlineErrorProps) {
  return (
    <div className={className} role="alert" data-testid={testId}>
      <span>{title}</span>
      <button type="button" className={button({ variant: 'secondary', size: 'sm' })} data-testid={retryTestId} onClick={onRetry}>
        <Trans>Thử lại</Trans>
      </button>
    </div>
  );
}
