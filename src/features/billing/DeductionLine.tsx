import type { ReactNode } from 'react';
import { formatVnd } from '../../lib/format.ts';
import { useLocale } from '../../lib/use-locale.ts';

/**
 * A line of a money list that takes something off the price (the unused part of a plan, the
 * account's balance): its label, then −amount; nothing when it takes nothing off.
 */
export function DeductionLine({ amount, label, className, testId }: { amount: number; label: ReactNode; className?: string; testId?: string }) {
  const { locale } = useLocale();
  if (amount <= 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        −{formatVnd(amount, locale)}
      </dd>
    </>
  );
}
