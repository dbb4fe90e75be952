import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { apiErrorText } from '../lib/error-words.ts';
import { EmptyState, ErrorState } from './States.tsx';
import * as s from './page.css.ts';

export interface PageProps {
  title: ReactNode;
  /** A short word above the title: the area the screen belongs to. */
  eyebrow?: ReactNode;
  /** A sentence under the title. */
  lead?: ReactNode;
  /** Buttons or links beside the title: what the screen lets one do. */
  actions?: ReactNode;
  titleId?: string;
  testId?: string;
  children?: ReactNode;
}

/** A screen: its title (the page's one h1), what it is, its actions, then its content. */
export function Page({ title, eyebrow, lead, actions, titleId, testId, children }: PageProps) {
  return (
    <div className={s.page} data-testid={testId}>
      <header className={s.header}>
        <div className={s.heading}>
          {eyebrow ? <p className={s.eyebrow}>{eyebrow}</p> : null}
          <h1 id={titleId} className={s.title}>
            {title}
          </h1>
          {lead ? <p className={s.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={s.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** What LoadStates reads of a TanStack query (a list's or a form's). */
interface LoadedQuery<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: Error | null;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

export interface LoadStatesProps<T> {
  query: LoadedQuery<T>;
  /** The words while it loads ("Đang tải …"). */
  loading: ReactNode;
  /**
   * The alert's words when it failed, given what failed in the reader's language (a general error's
   * words, else the error's own text: apiErrorText); Retry asks again.
   */
  renderError: (message: string) => ReactNode;
  /** The words when nothing is loaded and there is no network to load it (TanStack pauses the query); without them it stays loading. */
  offline?: ReactNode;
  /** Whether what loaded is empty; then `empty` shows instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  testId?: string;
  children: (data: T) => ReactNode;
}

/**
 * The states of what a screen loads: loading (role="status"), offline when the query waits for
 * the network with nothing to show, an error (role="alert") with Retry, empty, then the content.
 */
export function LoadStates<T>({ query, loading, renderError, offline, isEmpty, empty, testId, children }: LoadStatesProps<T>) {
  const { i18n } = useLingui();
  if (query.status === 'success' && query.data !== undefined) {
    if (isEmpty?.(query.data)) return <EmptyState title={empty} variant="compact" testId={testId && `${testId}-empty`} />;
    return <>{children(query.data)}</>;
  }
  if (query.status === 'error') {
    return (
      <ErrorState
        title={renderError(query.error ? apiErrorText(i18n, query.error) : '')}
        variant="compact"
        testId={testId && `${testId}-error`}
        retryTestId={testId && `${testId}-retry`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (offline && query.fetchStatus === 'paused') {
    return <EmptyState title={offline} variant="compact" testId={testId && `${testId}-offline`} />;
  }
  return (
    <p className={s.lead} role="status" data-testid={testId && `${testId}-loading`}>
      {loading}
    </p>
  );
}
