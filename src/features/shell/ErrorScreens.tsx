import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { button } from '../../ui/button.ts';
import * as s from '../../ui/screens.css.ts';
import { AppFailure } from './RouterFailureScreen.tsx';
import { apiErrorText } from '../../lib/error-words.ts';

/** A failed call's coded answer in the person's language; any other error's own text. */
function errorMessage(error: unknown): string {
  return apiErrorText(i18n, error);
}

/**
 * A screen failed to render (or its lazy chunk failed to load): 'Something went wrong' (docs/product-rules.md#render-errors).
 * Try again resets the boundary and reloads the route's data and code.
 */
export function RenderErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className={s.centered} role="alert">
      <div className={s.panel}>
        <h1 className={s.title}>
          <Trans>Đã xảy ra lỗi</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Đã có lỗi khi hiển thị trang này</Trans>
        </p>
        <p className={s.errorText}>{errorMessage(error)}</p>
        <div className={s.actions}>
          <button
            type="button"
            className={button({ variant: 'primary' })}
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            <Trans>Thử lại</Trans>
          </button>
        </div>
      </div>
    </div>
  );
}

interface CrashState {
  error: unknown;
}

/**
 * Last line of defence around the router itself: 'Unexpected Application Error!' (docs/product-rules.md#render-errors).
 * Reached only when the router or a provider fails, never for a screen's own error.
 */
export class AppCrashBoundary extends Component<{ children: ReactNode }, CrashState> {
  override state: CrashState = { error: null };

  static getDerivedStateFromError(error: unknown): CrashState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <AppFailure error={this.state.error} />;
  }
}
