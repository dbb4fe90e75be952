import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { UserStatisticsSchema } from '../../contract/admin.schema.ts';
import { api } from '../../lib/api.ts';

export const adminKeys = {
  all: ['admin'] as const,
  userStatistics: () => [...adminKeys.all, 'statistics', 'users'] as const,
};

/** GET /api/admin/statistics/users (admins only; the server refuses anyone else). */
export const userStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.userStatistics(),
    queryFn: async ({ signal }) => v.parse(UserStatisticsSchema, await api.get('/api/admin/statistics/users', { signal })),
  });
