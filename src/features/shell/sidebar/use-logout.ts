import { useSignOut } from '../../auth/use-session-actions.ts';

/**
 * Logout from the sidebar and the account menu (docs/product-rules.md#studio-sidebar): clears the token, the cached user and
 * the query cache, and returns home (src/features/auth/use-session-actions.ts).
 */
export function useLogout() {
  return useSignOut();
}
