import { useJobTracking } from './use-job-tracking.ts';
import { NotificationPrompt } from './NotificationPrompt.tsx';

/** Job tracking of a signed-in account (see `useJobTracking`) and the notification offer. Loaded lazily by JobTrackingRoot. */
export default function JobTracking({ userId }: { userId: string }) {
  useJobTracking(userId);
  return <NotificationPrompt />;
}
