/**
 * The help button that (re)starts a screen's tour (docs/product-rules.md#tutorial: the try-on tour is
 * offered the first time, then from its help button). Named 'Xem hướng dẫn' for screen readers and e2e.
 */
import { useLingui } from '@lingui/react/macro';
import { Stroke } from '../../ui/icons/icon.tsx';
import * as s from './tutorial.css.ts';

interface TutorialHelpButtonProps {
  /** Starts the tour, e.g. the `start` of `useScreenTutorial`. */
  onStart: () => void;
  /**
   * Rarely needed: the overlay is modal, and a start during a tour is refused anyway. Leaving it
   * enabled lets focus come back to it when the tour ends.
   */
  disabled?: boolean;
  /** Show the label next to the icon (default); false keeps only the icon (still named). */
  showLabel?: boolean;
  className?: string;
}

export function TutorialHelpButton({ onStart, disabled = false, showLabel = true, className }: TutorialHelpButtonProps) {
  const { t } = useLingui();
  const label = t`Xem hướng dẫn`;
  return (
    <button
      type="button"
      className={className ? `${s.helpButton} ${className}` : s.helpButton}
      onClick={onStart}
      disabled={disabled}
      aria-label={showLabel ? undefined : label}
      data-testid="tutorial-help"
    >
      <Stroke size={20}>
        <circle cx="12" cy="12" r="9" />
        <path d="M9.6 9.3a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.2-2.4 3.6" />
        <path d="M12 17h.01" />
      </Stroke>
      {showLabel && <span>{label}</span>}
    </button>
  );
}
