import { Trans, useLingui } from '@lingui/react/macro';
import type { Generation } from '../../contract/generations.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useShareGeneration } from './mutations.ts';
import { Switch } from '../../ui/Switch.tsx';

export interface ShareToggleProps {
  generation: Generation;
}

/**
 * "Chia sẻ lên cộng đồng" (docs/product-rules.md#community): shows a completed job's
 * result in the public feed of the dashboard, with the owner's first name, or takes it out. The
 * switch moves at once (optimistic) and moves back if the server refuses; a toast confirms
 * either way. Jobs without a result (running, failed, cancelled) cannot be shared.
 *
 * Stable test ids: `share-toggle` (the switch; `data-job-id`, `aria-checked`), `share-toggle-hint`.
 */
export function ShareToggle({ generation }: ShareToggleProps) {
  const { t } = useLingui();
  const share = useShareGeneration();
  const pending = share.isPending && share.variables?.id === generation.id;
  // While the request runs the switch shows what was asked; the caches follow the same value.
  const checked = pending ? share.variables.shared : generation.shared;
  const shareable = generation.status === 'completed' && generation.results.length > 0;

  const change = async (shared: boolean) => {
    if (pending || !shareable) return;
    try {
      await share.mutateAsync({ id: generation.id, shared });
      if (shared) notify.success(t`Đã chia sẻ lên cộng đồng`, { description: t`Kết quả này hiện trong mục Cộng đồng trên bảng điều khiển.` });
      else notify.success(t`Đã ngừng chia sẻ`, { description: t`Kết quả này không còn hiện trong mục Cộng đồng.` });
    } catch (error) {
      notify.error(shared ? t`Không chia sẻ được` : t`Không ngừng chia sẻ được`, { description: failureText(error) });
    }
  };

  const failureText = (error: unknown): string => {
    if (error instanceof ApiError && error.status === 409) return t`Chỉ chia sẻ được kết quả đã hoàn thành.`;
    if (error instanceof ApiError && error.status === 404) return t`Không tìm thấy lượt tạo này. Có thể nó đã bị xóa.`;
    if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
      return t`Không có kết nối mạng. Vui lòng thử lại khi có mạng.`;
    }
    return t`Vui lòng thử lại sau ít phút.`;
  };

  return (
    <Switch
      checked={checked}
      onChange={(next) => void change(next)}
      label={t`Chia sẻ lên cộng đồng`}
      hint={
        <span data-testid="share-toggle-hint">
          {shareable ? (
            <Trans>Hiện kết quả này trong mục Cộng đồng trên bảng điều khiển, kèm tên của bạn. Ảnh đầu vào không được chia sẻ.</Trans>
          ) : (
            <Trans>Chỉ chia sẻ được khi lượt tạo đã hoàn thành và có kết quả.</Trans>
          )}
        </span>
      }
      busy={pending}
      disabled={!shareable}
      testId="share-toggle"
      data={{ 'data-job-id': generation.id }}
    />
  );
}
