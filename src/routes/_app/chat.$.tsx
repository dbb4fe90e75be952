import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { NAV } from '../../features/registry/nav-items.ts';
import { UpcomingPage } from '../../features/shell/UpcomingPage.tsx';

/** /chat and below, for signed-in users: Smart chat is not built yet, so its page says what is coming. */
export const Route = createFileRoute('/_app/chat/$')({
  staticData: { title: NAV.chat.label },
  component: requireAuth(ChatRoute),
});

function ChatRoute() {
  return <UpcomingPage item={NAV.chat} />;
}
