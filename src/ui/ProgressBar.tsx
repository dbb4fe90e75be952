import { bar, barFill } from './progress-bar.css.ts';

/**
 * Progress, 0–100 (clamped), as an ARIA progress bar: a running job (the studio's processing
 * view, /history) or an upload. `label` is its accessible name (the caller translates it).
 */
export function ProgressBar({ value, label, testId }: { value: number; label: string; testId?: string }) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div className={bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)} data-testid={testId}>
      <div className={barFill} style={{ width: `${percent}%` }} />
    </div>
  );
}
