import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { notify } from '../../lib/toast.ts';
import { describeGenerationError } from './generation-messages.ts';
import { useDeleteGeneration } from './mutations.ts';

/**
 * A generation list's refresh and delete with their toasts (docs/product-rules.md#history-panel), shared by
 * the studios' history panel and /history.
 */
export function useHistoryActions(refetch: () => Promise<{ isError: boolean; error: unknown }>) {
  const { t, i18n } = useLingui();
  const remover = useDeleteGeneration();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    const outcome = await refetch();
    setRefreshing(false);
    if (outcome.isError) notify.error(t`Không làm mới được lịch sử`, { description: describeGenerationError(outcome.error, i18n).description });
    else notify.success(t`Đã làm mới lịch sử`);
  };

  /** Deletes the job; true when it is gone. */
  const remove = async (jobId: string): Promise<boolean> => {
    try {
      await remover.mutateAsync(jobId);
      notify.success(t`Đã xóa thành công`);
      return true;
    } catch (error) {
      notify.error(t`Không xóa được`, { description: describeGenerationError(error, i18n).description });
      return false;
    }
  };

  /** The job being deleted, if any. */
  const removing = remover.isPending ? remover.variables : undefined;

  return { refreshing, refresh, remove, removing };
}
