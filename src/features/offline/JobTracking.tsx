import { useJobTracking } from './use-job-tracking.ts';

/**
 * Job tracking of a signed-in account (see `useJobTracking`). Loaded lazily by JobTrackingRoot.
 * The notification offer is not here: it shows in the studio, beside the job (StudioPage).
 */
export default function JobTracking({ userId }: { userId: string }) {
  useJobTracking(userId);
  return null;
}
