/** Admin rules: the figures of the admin dashboard. */
import type { UserStatistics } from '../../src/contract/admin.schema.ts';
import type { UsersRepository } from '../auth/users-repository.ts';

const DAY_MS = 86_400_000;
/** The "new users" windows of the statistics, in days. */
const RECENT_DAYS_SHORT = 7;
const RECENT_DAYS_LONG = 30;

export interface AdminService {
  userStatistics(): Promise<UserStatistics>;
}

export function createAdminService(deps: { users: UsersRepository; now: () => number }): AdminService {
  return {
    async userStatistics() {
      const now = deps.now();
      const stats = await deps.users.statistics(new Date(now - RECENT_DAYS_SHORT * DAY_MS), new Date(now - RECENT_DAYS_LONG * DAY_MS));
      return {
        total_users: stats.total,
        verified_users: stats.verified,
        new_users_7d: stats.new7d,
        new_users_30d: stats.new30d,
        by_plan: stats.byPlan,
      };
    },
  };
}
