import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EnginePlan } from '../../../contract/engine-plan.schema.ts';
import { understoodEdits } from '../../../contract/edit-vocabulary.ts';
import { PlanSummary } from './PlanSummary.tsx';

export interface PlanNoticeProps {
  plan: EnginePlan;
  verdict: 'go' | 'cannotDo' | 'partialPlan';
}

/**
 * The plan above the Generate button (docs/product-rules.md#engine-plan): what will be done and
 * what cannot, with what pressing the button agrees to, or, when nothing can be done, what the
 * engine can do instead (the edits it understands; for hair, a colour).
 */
export function PlanNotice({ plan, verdict }: PlanNoticeProps) {
  const { i18n } = useLingui();
  const understood = understoodEdits(i18n.locale === 'en' ? 'en' : 'vi');
  const cannot = (code: string) => verdict === 'cannotDo' && plan.not_done.some((item) => item.code === code);
  let note = null;
  if (verdict === 'partialPlan') note = <Trans>Bấm “Đồng ý” để tạo phần làm được với giá trên; phần không làm được sẽ được bỏ qua.</Trans>;
  else if (cannot('notUnderstood')) note = <Trans>Công cụ hiểu được: {understood}.</Trans>;
  else if (cannot('hairstyleShape')) note = <Trans>Công cụ tích hợp sẵn chỉ đổi được màu tóc trong vùng đã tô: hãy chọn một màu tóc.</Trans>;
  return <PlanSummary plan={plan} when="before" note={note} />;
}

/** The Generate button's label when pressing it agrees to a plan done in part. */
export function AgreeLabel({ output, cost }: { output: 'image' | 'video'; cost: number }) {
  const { t } = useLingui();
  return (
    <>{output === 'video' ? t`Đồng ý, tạo video · ${plural(cost, { other: '# tín dụng' })}` : t`Đồng ý, tạo ảnh · ${plural(cost, { other: '# tín dụng' })}`}</>
  );
}
