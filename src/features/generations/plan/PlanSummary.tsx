import { Trans, useLingui } from '@lingui/react/macro';
import type { EnginePlan, PlanItem } from '../../../contract/engine-plan.schema.ts';
import { planItemText } from './words.ts';
import * as s from './plan.css.ts';

export interface PlanSummaryProps {
  plan: EnginePlan;
  /**
   * `before`: on the form, before anything is charged (what will be done and what cannot be);
   * `result`: on a finished job (what was done and what was not).
   */
  when: 'before' | 'result';
  /** A line under the lists (the Generate step says what pressing it agrees to). */
  note?: React.ReactNode;
}

function Items({ items, testId }: { items: readonly PlanItem[]; testId: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={s.list} data-testid={testId}>
      {items.map((item, k) => (
        <li key={`${item.code}-${k}`} data-code={item.code}>
          {planItemText(item, i18n)}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the engine does of a request and what it does not, in words (docs/product-rules.md#engine-plan):
 * before Generate ("Sẽ làm" / "Không làm được") and on the result, the history item and the
 * review dialog ("Đã làm" / "Không làm"). A job done in part never reads as plainly successful.
 *
 * Stable test ids: `plan-summary` (`data-when`, `data-partial`, `data-refused`), `plan-done`,
 * `plan-not-done` (each item `data-code`).
 */
export function PlanSummary({ plan, when, note }: PlanSummaryProps) {
  const refused = plan.done.length === 0;
  const partial = !refused && plan.not_done.length > 0;
  let title;
  if (when === 'before') {
    title = refused ? (
      <Trans>Công cụ tích hợp sẵn không làm được yêu cầu này</Trans>
    ) : partial ? (
      <Trans>Công cụ tích hợp sẵn chỉ làm được một phần yêu cầu</Trans>
    ) : (
      <Trans>Công cụ tích hợp sẵn sẽ làm</Trans>
    );
  } else {
    title = partial ? <Trans>Chỉ làm được một phần yêu cầu</Trans> : <Trans>Những gì đã làm</Trans>;
  }
  return (
    <section
      className={s.box}
      data-testid="plan-summary"
      data-when={when}
      data-partial={partial}
      data-refused={refused}
      aria-live={when === 'before' ? 'polite' : undefined}
    >
      <p className={s.title}>{title}</p>
      {plan.done.length > 0 ? (
        <div className={s.group}>
          {partial || refused ? <p className={s.label}>{when === 'before' ? <Trans>Sẽ làm:</Trans> : <Trans>Đã làm:</Trans>}</p> : null}
          <Items items={plan.done} testId="plan-done" />
        </div>
      ) : null}
      {plan.not_done.length > 0 ? (
        <div className={s.group}>
          <p className={s.label}>{when === 'before' ? <Trans>Không làm được:</Trans> : <Trans>Không làm:</Trans>}</p>
          <Items items={plan.not_done} testId="plan-not-done" />
        </div>
      ) : null}
      {note ? <p className={s.note}>{note}</p> : null}
    </section>
  );
}
