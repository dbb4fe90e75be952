import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { button } from './button.ts';
import { IconAlert } from './icons/app/IconAlert.tsx';
import { IconRefresh } from './icons/app/IconRefresh.tsx';
import * as s from './states.css.ts';

interface StateProps {
  title: ReactNode;
  /** More words under the title. */
  children?: ReactNode;
  /** An icon above the title. */
  icon?: ReactNode;
  /** Buttons or links: what to do next. */
  actions?: ReactNode;
  variant?: 'framed' | 'plain' | 'compact';
  testId?: string;
  className?: string;
  /** Extra data attributes (e.g. why the list is empty). */
  data?: { [key: `data-${string}`]: string | number | boolean | undefined };
}

/** Nothing to show yet: what would be here, and a way to make some. */
export function EmptyState({ title, children, icon, actions, variant = 'framed', testId, className, data }: StateProps) {
  return (
    <div className={className ? `${s.state[variant]} ${className}` : s.state[variant]} data-testid={testId} {...data}>
      {icon}
      <p className={s.title}>{title}</p>
      {children}
      {actions ? <div className={s.actions}>{actions}</div> : null}
    </div>
  );
}

export interface ErrorStateProps extends Omit<StateProps, 'icon'> {
  /** Tries again; shows a "Thử lại" (Retry) button. */
  onRetry?: () => void;
  retryTestId?: string;
  /** The Retry button's words, when not "Thử lại". */
  retryLabel?: ReactNode;
}

/** A load that failed (role="alert"): what failed, why when known, and Retry. */
export function ErrorState({ title, children, actions, onRetry, retryTestId, retryLabel, variant = 'framed', testId, className, data }: ErrorStateProps) {
  const classes = `${s.state[variant]} ${s.error}${className ? ` ${className}` : ''}`;
  return (
    <div className={classes} role="alert" data-testid={testId} {...data}>
      <IconAlert size={28} />
      <p className={s.title}>{title}</p>
      {children}
      {onRetry || actions ? (
        <div className={s.actions}>
          {onRetry ? (
            <button type="button" className={button({ variant: 'secondary' })} data-testid={retryTestId} onClick={onRetry}>
              <IconRefresh size={18} />
              {retryLabel ?? <Trans>Thử lại</Trans>}
            </button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
