import { useId } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { notDoneCodes, planVerdict, type EnginePlan } from '../../../contract/engine-plan.schema.ts';
import type { GenerationRequest } from '../../../contract/generations.schema.ts';
import { PACK_LIST } from '../../../contract/packs.ts';
import { formatVnd } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { button } from '../../../ui/button.ts';
import type { InsufficientCredits } from '../../generations/generation-messages.ts';
import { useEnginePlan, usePlanKit } from '../../generations/plan-kit.ts';
import type { StudioJob } from '../../generations/use-studio-job.ts';
import { useStudioLayout } from './studio-layout.ts';
import * as s from './studio.css.ts';

/**
 * The Generate button (docs/product-rules.md#generate-button): 'Tạo ảnh · {cost} tín dụng'; disabled while a
 * prerequisite (docs/product-rules.md#prerequisites) is missing, with its message shown and named by the button; when the balance does
 * not cover the cost (known before sending, or told by a 402), a panel with balance, cost and
 * shortage, the credit packs (each a link to its checkout) and a link to the plans (/studio-pricing).
 *
 * With the engine's plan (docs/product-rules.md#engine-plan) it shows, before anything is
 * charged, what the engine will do and what it cannot: a plan with nothing done disables the
 * button with the reason; a plan done in part makes the button the person's agreement
 * ('Đồng ý, tạo ảnh · 1 tín dụng'), and pressing it sends the codes of what is not done.
 *
 * Stable test ids: `generate-button` (`data-cost`), `generate-problem`, `credit-panel` with
 * `credit-balance`, `credit-cost`, `credit-shortage`, `credit-pack-<pack>`, `credit-pricing-link`;
 * PlanSummary's `plan-summary`.
 */

export interface GenerateButtonProps {
  /** Credits this request costs; null while it cannot be priced (the label then shows no number). */
  cost: number | null;
  /** The signed-in user's balance (useCredits); null while unknown. */
  balance: number | null;
  /** The prerequisite message, or null when the request is complete. */
  problem: string | null;
  /** Called with the codes of the not-done items the person agreed to (a plan done in part), else none. */
  onGenerate: (accepted?: string[]) => void;
  /** What the engine will do of the request (null: it does what is asked, or it is not known yet). */
  plan?: EnginePlan | null;
  /** The plan is still being worked out (useEnginePlan): the button waits for it. */
  planPending?: boolean;
  /** A submit is on its way. */
  busy?: boolean;
  /** The server's credit check (a refused submit's 402 numbers); wins over the local comparison. */
  insufficient?: InsufficientCredits | null;
  /** 'Tạo video' instead of 'Tạo ảnh'. */
  output?: 'image' | 'video';
}

/** What the credit check says, from the server's 402 or from the balance on screen. */
export function creditShortage(cost: number | null, balance: number | null, told?: InsufficientCredits | null): InsufficientCredits | null {
  if (told) return told;
  if (cost === null || balance === null || balance >= cost) return null;
  return { balance, cost, shortage: cost - balance };
}

export function GenerateButton({
  cost,
  balance,
  problem: prerequisite,
  onGenerate,
  busy = false,
  insufficient,
  output = 'image',
  plan = null,
  planPending = false,
}: GenerateButtonProps) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  // The plan's words and summary (loaded with the plan; a plan without them waits a moment).
  const kit = usePlanKit(plan !== null);
  const problemId = useId();
  const panelId = useId();
  const shortage = creditShortage(cost, balance, insufficient);
  // The plan speaks once the request is complete: what the engine cannot do at all is the problem.
  const verdict = plan && !prerequisite ? planVerdict(plan) : null;
  const problem = prerequisite ?? (plan && kit && verdict === 'cannotDo' ? kit.words.refusalText('cannotDo', plan, i18n) : null);
  const accepts = plan && verdict === 'partialPlan' ? notDoneCodes(plan) : undefined;
  // Nothing goes before the person could read what will not be done, nor what nothing can be done of,
  // nor while it is still being worked out (a moment after the request is complete).
  const waitsForPlan = prerequisite === null && planPending && plan === null;
  const disabled =
    busy || problem !== null || shortage !== null || cost === null || waitsForPlan || verdict === 'cannotDo' || (verdict === 'partialPlan' && !kit);
  const label =
    accepts && cost !== null && kit ? (
      <kit.AgreeLabel output={output} cost={cost} />
    ) : output === 'video' ? (
      cost === null ? (
        t`Tạo video`
      ) : (
        t`Tạo video · ${plural(cost, { other: '# tín dụng' })}`
      )
    ) : cost === null ? (
      t`Tạo ảnh`
    ) : (
      t`Tạo ảnh · ${plural(cost, { other: '# tín dụng' })}`
    );
  const describedBy = [problem ? problemId : null, shortage ? panelId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={s.generate}>
      {plan && verdict && kit ? <kit.PlanNotice plan={plan} verdict={verdict} /> : null}
      {problem ? (
        <p id={problemId} className={s.notice} role="status" data-testid="generate-problem">
          {problem}
        </p>
      ) : null}
      {shortage ? (
        <div id={panelId} className={s.creditPanel} role="alert" data-testid="credit-panel">
          <strong>
            <Trans>Không đủ tín dụng</Trans>
          </strong>
          <dl className={s.creditTable}>
            <dt>
              <Trans>Số dư</Trans>
            </dt>
            <dd className={s.creditValue} data-testid="credit-balance">
              {shortage.balance}
            </dd>
            <dt>
              <Trans>Chi phí</Trans>
            </dt>
            <dd className={s.creditValue} data-testid="credit-cost">
              {shortage.cost}
            </dd>
            <dt>
              <Trans>Còn thiếu</Trans>
            </dt>
            <dd className={s.creditValue} data-testid="credit-shortage">
              {shortage.shortage}
            </dd>
          </dl>
          <div className={s.creditLinks}>
            {PACK_LIST.map((pack) => (
              <Link
                key={pack.id}
                to="/checkout"
                search={{ item: pack.id }}
                className={button({ variant: pack.highlighted ? 'accent' : 'secondary', size: 'md' })}
                data-testid={`credit-pack-${pack.id}`}
              >
                {t`Mua ${plural(pack.credits, { other: '# tín dụng' })} · ${formatVnd(pack.priceVnd, locale)}`}
              </Link>
            ))}
          </div>
          <Link to="/studio-pricing" className={button({ variant: 'ghost', size: 'md' })} data-testid="credit-pricing-link">
            <Trans>Xem các gói đăng ký</Trans>
          </Link>
        </div>
      ) : null}
      <button
        type="button"
        className={`${button({ variant: 'accent', size: 'lg' })} ${s.generateButton}`}
        onClick={() => onGenerate(accepts)}
        disabled={disabled}
        aria-busy={busy || waitsForPlan}
        aria-describedby={describedBy}
        data-testid="generate-button"
        data-cost={cost ?? undefined}
        data-plan-pending={waitsForPlan || undefined}
      >
        {busy ? t`Đang gửi...` : label}
      </button>
    </div>
  );
}

export interface StudioGenerateProps extends Omit<GenerateButtonProps, 'insufficient' | 'busy' | 'plan'> {
  studio: StudioJob;
  /** Defaults to the studio's own submit in flight. */
  busy?: boolean;
  /** The request Generate sends, for the engine's plan (docs/product-rules.md#engine-plan); null while incomplete. */
  request?: GenerationRequest | null;
}

/**
 * The Generate button of a studio screen, wired to its job: a refused submit shows the credit
 * panel (402) or the server's reason under the button. A generation queued until its files are
 * sent (offline, see use-studio-job.ts) takes the button's place: 'Sẽ tạo khi có mạng' with
 * cancel (test ids `generate-queued`, `data-status`, and `generate-queued-cancel`); a refused
 * one shows why, with a button to dismiss it.
 */
export function StudioGenerate({ studio, busy, request = null, ...props }: StudioGenerateProps) {
  // On one page the form stays beside a running job: one job at a time, as in the step flow.
  const running = useStudioLayout() === 'page' && (studio.isRunning || studio.isReattaching);
  const refused = studio.status === 'rejected' ? studio.error : null;
  // Decided here as the server will; when the engine was not known yet, the server's refusal carries it.
  // Asked only once the request is complete: a studio's first screen loads no planning.
  const computed = useEnginePlan(props.problem === null ? request : null);
  const plan = computed.plan ?? refused?.plan ?? null;
  const { queued } = studio;
  if (queued && queued.status !== 'failed') {
    return (
      <div className={s.generate}>
        <p className={s.notice} role="status" data-testid="generate-queued" data-status={queued.status}>
          {queued.status === 'sending' ? <Trans>Đang gửi yêu cầu tạo…</Trans> : <Trans>Sẽ tạo khi có mạng</Trans>}
        </p>
        <button type="button" className={button({ variant: 'secondary', size: 'md' })} onClick={studio.cancelQueued} data-testid="generate-queued-cancel">
          <Trans>Hủy yêu cầu tạo</Trans>
        </button>
      </div>
    );
  }
  return (
    <>
      <GenerateButton
        {...props}
        plan={plan}
        planPending={computed.pending}
        insufficient={refused?.insufficient ?? null}
        busy={(busy ?? studio.status === 'submitting') || running}
      />
      {/* A refusal the button already says (a plan gate the server named) is not said twice. */}
      {refused && !refused.insufficient && !refused.plan && refused.description !== props.problem ? (
        <p className={s.error} role="alert" data-testid="generate-error">
          {refused.description}
        </p>
      ) : null}
      {queued?.error ? (
        <div className={s.generate} data-testid="generate-queued" data-status="failed">
          <p className={s.error} role="alert">
            {queued.error.title}: {queued.error.description}
          </p>
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={studio.cancelQueued} data-testid="generate-queued-cancel">
            <Trans>Bỏ qua</Trans>
          </button>
        </div>
      ) : null}
    </>
  );
}
