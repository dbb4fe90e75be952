import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GenerationStatus } from '../../contract/generations.ts';

/**
 * A job's status as its badge says it: the studios' history panel, /history and the dashboard's
 * recent generations word it the same.
 */
export const STATUS_LABELS: Readonly<Record<GenerationStatus, MessageDescriptor>> = {
  queued: msg`Đang chờ`,
  processing: msg`Đang xử lý`,
  completed: msg`Hoàn thành`,
  failed: msg`Thất bại`,
  cancelled: msg`Đã hủy`,
};
