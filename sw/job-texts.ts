import { perModeFacts, type Feature } from '../src/contract/tools.ts';
import type { WatchedJob, WatchLocale } from '../src/kernel/job-watch.ts';

/**
 * The words of the job notifications. The service worker is built without Lingui (no macros,
 * no catalogs: it must stay small and load without the app), so its few texts live here, in
 * both languages, Vietnamese first as everywhere. They repeat the app catalog's own texts:
 * 'Tạo thành công' / 'Tạo thất bại' (docs/product-rules.md#job-notifications: 'Generation Successful' / 'Generation Failed',
 * and 'Đã tạo xong phần làm được' for a job done in part, docs/product-rules.md#engine-plan,
 * src/features/generations). The tools' names are the tool catalogue's (src/contract/tools.ts,
 * plain data the worker may import), which src/features/registry/studios.test.ts keeps in step
 * with the registry's; the upscaler's two tools say which mode ran, in words of their own.
 */
export const SW_TEXTS = {
  vi: {
    completed: 'Tạo thành công',
    partial: 'Đã tạo xong phần làm được',
    failed: 'Tạo thất bại',
    tools: perModeFacts((facts) => facts.names.vi),
  },
  en: {
    completed: 'Generation Successful',
    partial: 'Done, in part',
    failed: 'Generation Failed',
    tools: perModeFacts((facts) => facts.names.en),
  },
} as const satisfies Record<WatchLocale, { completed: string; partial: string; failed: string; tools: Record<Feature, string> }>;

/** The app's icon, for a notification without a result picture (a failure). */
export const APP_ICON = '/icons/icon-192.png';

/** Marks the notifications of this module, so a click on another module's notification is left alone. */
export const JOB_NOTIFICATION_SOURCE = 'atelier:jobs';

export interface JobNotificationData {
  source: typeof JOB_NOTIFICATION_SOURCE;
  jobId: string;
  url: string;
}

/** The DOM's NotificationOptions plus `image` (a large picture; Chromium shows it, the TS lib does not list it yet). */
export type JobNotificationOptions = NotificationOptions & { image?: string; data: JobNotificationData };

/**
 * The notification of an ended job: its title in the language the app had when the job was
 * submitted, the tool's name as the body, and the result's thumbnail as picture and icon; the tag
 * (the job id) makes it one notification per job even if shown again. `mediaUrl` turns a stored
 * path into an absolute URL (the API may live on another origin).
 */
export function jobNotification(
  job: Pick<WatchedJob, 'id' | 'feature' | 'status' | 'locale' | 'thumbnailPath' | 'partial'>,
  url: string,
  mediaUrl: (path: string) => string,
): { title: string; options: JobNotificationOptions } {
  const texts = SW_TEXTS[job.locale] ?? SW_TEXTS.vi;
  const picture = job.status === 'completed' && job.thumbnailPath ? mediaUrl(job.thumbnailPath) : undefined;
  return {
    // A job done in part never reads as plainly successful (docs/product-rules.md#engine-plan).
    title: job.status === 'completed' ? (job.partial ? texts.partial : texts.completed) : texts.failed,
    options: {
      body: texts.tools[job.feature],
      tag: job.id,
      lang: job.locale,
      icon: picture ?? APP_ICON,
      ...(picture ? { image: picture } : {}),
      data: { source: JOB_NOTIFICATION_SOURCE, jobId: job.id, url },
    },
  };
}

export function isJobNotificationData(data: unknown): data is JobNotificationData {
  const record = data as Partial<JobNotificationData> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    record.source === JOB_NOTIFICATION_SOURCE &&
    typeof record.jobId === 'string' &&
    typeof record.url === 'string'
  );
}
