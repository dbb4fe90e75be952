import { createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../features/auth/RequireAuth.tsx';
import { NAV } from '../../features/registry/nav-items.ts';
import { UpcomingPage } from '../../features/shell/UpcomingPage.tsx';

/** /agent-hub and below, for signed-in users: the agent hub is not built yet, so its page says what is coming. */
export const Route = createFileRoute('/_app/agent-hub/$')({
  staticData: { title: NAV.agentHub.label },
  component: requireAuth(AgentHubRoute),
});

function AgentHubRoute() {
  return <UpcomingPage item={NAV.agentHub} />;
}
