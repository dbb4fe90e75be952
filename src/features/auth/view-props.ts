import type { AuthModalView } from './auth-modal-state.ts';

/** What the modal gives each of its views. */
export interface ViewProps {
  /** Ids the dialog is labelled and described by. */
  titleId: string;
  descriptionId: string;
  /** Email to prefill. */
  email?: string;
  /** Where to return after signing in. */
  returnTo: string;
  /** Switches to another view, carrying an email to prefill. */
  go: (view: AuthModalView, email?: string) => void;
  /** Closes the modal. */
  close: () => void;
}
