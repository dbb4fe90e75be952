import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import type { Asset } from '../../contract/media.schema.ts';
import type { Feature } from '../../contract/tools.ts';
import type { Generation, GenerationRequest } from '../../contract/generations.schema.ts';
import type { GenerationStatus } from '../../contract/generations.ts';
import type { GenerationStage } from '../../contract/generation-stages.ts';
import { ApiError } from '../../lib/api.ts';
import type { OutboxStatus } from '../../kernel/outbox-entries.ts';
import { sessionUserAtom } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { describeQueuedFailure, useQueuedGeneration } from './use-queued-generation.ts';
import { describeGenerationError, generationText, stageText as translateStage, type GenerationErrorDescription } from './generation-messages.ts';
import { useGenerationStream } from './generation-stream.ts';
import { generationKeys, isPendingStatus, isTransientSubmitError, newIdempotencyKey } from './api.ts';
import { generationQueryOptions, pendingGenerationsQueryOptions, recordNewGeneration } from './cache.ts';
import { useCancelGeneration, useRegenerateGeneration, useSubmitGeneration } from './mutations.ts';
import { elapsedSeconds, expectedDuration, useExpectedDurations, type ExpectedDuration } from './expected-duration.ts';
import { pickReattachJob, readLastJob, readShownJob, restoresShownJob, writeLastJob, writeShownJob } from './shown-job.ts';
import { clearPendingSubmit, readPendingSubmit, writePendingSubmit, type PendingSubmit } from './pending-submit.ts';
import { loadPlanKit } from './plan-kit.ts';

/** The elapsed time on the processing screen moves once a second. */
const TICK_MS = 1_000;

// ── The hook ──────────────────────────────────────────────────────────────────────────

/**
 * - `idle`: nothing submitted (the form);
 * - `submitting`: a submit or regenerate is on its way;
 * - `rejected`: the server refused the submit (credits, prerequisites, no connection): see `error`;
 * - the job's own status after that.
 */
export type StudioJobStatus = 'idle' | 'submitting' | 'rejected' | GenerationStatus;

export interface StudioJob {
  status: StudioJobStatus;
  /** The job shown, once there is one. */
  job: Generation | null;
  /** The stage key (GENERATION_STAGES) and its translated text; null when the job has none. */
  stage: GenerationStage | null;
  stageText: string | null;
  /** 0 to 100. */
  progress: number;
  /** Since the job was created; ticks every second while it runs. */
  elapsedSeconds: number;
  /** The expected time of this job: what the server measured for its tool and engine, else the registry's default. */
  expected: ExpectedDuration;
  /** The first result and all of them (a multi-image edit can give several). */
  result: Asset | null;
  results: Asset[];
  /** Why the submit was refused or the job failed (or completed without a result); null otherwise. */
  error: GenerationErrorDescription | null;
  /** Submitting, queued or processing: the processing screen. */
  isRunning: boolean;
  /** Looking for a running job of this tool to come back to; the screen may wait before showing the form. */
  isReattaching: boolean;
  isCancelling: boolean;
  /**
   * Submits a request (a new Idempotency-Key, kept for this tab until the server answers) and
   * follows its job. Resolves to the job, or null when refused (see `error`). While a submit
   * whose answer never came is kept (a reload, no connection), it is that one that goes again,
   * with its key: one intent is never charged twice.
   */
  submit: (request: GenerationRequest) => Promise<Generation | null>;
  /** Sends the refused submit again with the same key (Try Again after a lost answer). */
  retrySubmit: () => Promise<Generation | null>;
  /** Cancels the running job (credits refunded). */
  cancel: () => Promise<void>;
  /** Same inputs and parameters, a new job (and a new charge); follows it. `id`: another job of this tool (the history panel), else the one shown. */
  regenerate: (id?: string) => Promise<Generation | null>;
  /** Shows a job of this tool (a past result from the history panel; its processing screen while it runs). */
  open: (id: string) => void;
  /** Try Another / Create New: back to the form (a job still running keeps running). */
  reset: () => void;
  /**
   * On the form, the completed job this tab showed last (coming back to the studio opens on the
   * form; `open(lastResult.id)` shows it again); null otherwise.
   */
  lastResult: Generation | null;
  /**
   * A generation submitted while its files still waited for the network (or offline): kept in
   * the upload outbox and submitted once they are sent; the screen then follows its job. A
   * refused one carries the reason.
   */
  queued: { id: string; status: OutboxStatus; error: GenerationErrorDescription | null } | null;
  /** Cancels the queued generation. */
  cancelQueued: () => void;
}

function asFeatures(feature: Feature | readonly Feature[]): readonly Feature[] {
  return typeof feature === 'string' ? [feature] : feature;
}

/**
 * The job a studio screen shows. After `submit` it follows that job; on mount it comes back to
 * the newest pending job of this tool (`feature`; the upscaler passes both of its modes), so
 * leaving the processing screen, or reloading, returns to it. With none running, a reload of the
 * page restores the job it showed (its result, if it ended meanwhile); coming back otherwise
 * opens on the form and offers the last job shown as `lastResult`. A submit still on its
 * way when the page reloaded (see pending-submit.ts) is sent again with its key on mount, and
 * the screen follows the job it made. Toasts 'Generation
 * Successful' or 'Generation Failed' once when a job it saw running ends while the screen is
 * open. Independent of the router: the screens decide where each status leads.
 */
export function useStudioJob(feature: Feature | readonly Feature[]): StudioJob {
  const featureKey = asFeatures(feature).join(',');
  const features = useMemo(() => featureKey.split(',') as Feature[], [featureKey]);
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const account = useAtomValue(sessionUserAtom)?.id ?? null;
  const measured = useExpectedDurations();
  // The job's progress and end are pushed while the screen is open (polling is the fallback).
  useGenerationStream();

  const [jobId, setJobId] = useState<string | null>(null);
  /** The last mutation the person started: its error is the one shown. */
  const [lastAction, setLastAction] = useState<'submit' | 'regenerate' | null>(null);
  /** A kept submit found on mount is on its way again (see below). */
  const [resuming, setResuming] = useState(false);
  /** Reattaching happens once per mount, and never after the person acted. */
  const [attachDecided, setAttachDecided] = useState(false);
  // When this screen mounted: only an answer from after it decides (see below).
  const [mountedAt] = useState(() => Date.now());

  const submitter = useSubmitGeneration();
  const regenerator = useRegenerateGeneration();
  const canceller = useCancelGeneration();

  // Always asked afresh on mount: a cached list could name a job that ended meanwhile. One retry
  // only: the form waits for this answer.
  const pending = useQuery({ ...pendingGenerationsQueryOptions(features), refetchOnMount: 'always', retry: 1, enabled: !attachDecided });
  // Decided during render (React's "adjusting state" pattern), once the fresh answer is in (or
  // the query is paused offline: the form then shows at once). The newest running job wins; else,
  // after a reload of this page, what the screen showed (a job that may have ended meanwhile,
  // whose result is then shown). Coming back otherwise opens on the form, the last result
  // offered beside it (`lastResult`).
  // A list restored from this device's storage keeps its age and is refreshed at once: it may
  // predate the job just submitted (a page left within a second of Generate), so the decision
  // waits for the network's answer, or its failure, or the offline pause.
  const answered = pending.isFetchedAfterMount && !pending.isFetching && (pending.dataUpdatedAt >= mountedAt || pending.isError);
  if (!attachDecided && (answered || pending.fetchStatus === 'paused')) {
    setAttachDecided(true);
    const found = pickReattachJob(pending.data ?? [], features)?.id ?? (restoresShownJob() ? readShownJob(featureKey) : null);
    if (found) setJobId(found);
  }

  // The last job shown, offered from the form until another replaces it.
  const [lastJobId, setLastJobId] = useState(() => readLastJob(featureKey));
  const lastJobQuery = useQuery({ ...generationQueryOptions(lastJobId ?? ''), enabled: lastJobId !== null && jobId === null && attachDecided });
  const lastJob = lastJobQuery.data;
  const lastResult = jobId === null && lastJob?.id === lastJobId && lastJob?.status === 'completed' && lastJob.results.length > 0 ? lastJob : null;

  const jobQuery = useQuery({
    ...generationQueryOptions(jobId ?? ''),
    enabled: jobId !== null,
    // A reattached job shows its stage from the pending list at once; its own query follows it.
    initialData: () => (jobId ? client.getQueryData<Generation[]>(generationKeys.pending())?.find((other) => other.id === jobId) : undefined),
    initialDataUpdatedAt: () => client.getQueryState(generationKeys.pending())?.dataUpdatedAt,
  });
  const job = jobId !== null ? (jobQuery.data ?? null) : null;

  // A job deleted meanwhile (from the history panel, another device): back to the form.
  const gone = jobId !== null && !jobQuery.data && jobQuery.error instanceof ApiError && jobQuery.error.status === 404;
  if (gone) setJobId(null);

  // Remembered for this tab once the screen knows what it shows (null: the form).
  useEffect(() => {
    if (attachDecided) writeShownJob(featureKey, jobId);
  }, [attachDecided, featureKey, jobId]);
  // The last job shown follows the screen; one deleted meanwhile is nothing to offer.
  const lastGone = lastJobId !== null && lastJobQuery.error instanceof ApiError && lastJobQuery.error.status === 404;
  if (attachDecided && jobId !== null && jobId !== lastJobId) setLastJobId(jobId);
  else if (lastGone) setLastJobId(null);
  useEffect(() => {
    if (attachDecided) writeLastJob(featureKey, lastJobId);
  }, [attachDecided, featureKey, lastJobId]);

  // ── The end toast, once per job seen running ──
  const lastSeen = useRef<{ id: string; status: GenerationStatus } | null>(null);
  const notified = useRef(new Set<string>());
  useEffect(() => {
    if (!job) return;
    const previous = lastSeen.current;
    lastSeen.current = { id: job.id, status: job.status };
    const ended = !isPendingStatus(job.status);
    if (!ended || previous?.id !== job.id || !isPendingStatus(previous.status) || notified.current.has(job.id)) return;
    notified.current.add(job.id);
    // Done in part: said in words, never a bare success (docs/product-rules.md#engine-plan).
    const { plan } = job;
    if (job.status === 'completed' && job.results.length > 0)
      void (plan?.not_done.length ? loadPlanKit().then((kit) => kit.words.notifyPartial(plan, i18n)) : notify.success(t`Tạo thành công`));
    else if (job.status === 'completed') notify.error(t`Thiếu kết quả`, { description: generationText('noResultImage', undefined, i18n) });
    else if (job.status === 'cancelled') notify.info(generationText('cancelled', undefined, i18n));
    else {
      const described = describeGenerationError(job.error ?? { code: 'generationFailed', message: '' }, i18n);
      notify.error(t`Tạo thất bại`, { description: described.description });
    }
  }, [job, t, i18n]);

  // ── Elapsed time ──
  const running = job !== null && isPendingStatus(job.status);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  // ── Actions ──
  const { submit: submitRequest, retry: retrySubmitRequest } = submitter;
  const { regenerate: regenerateJob } = regenerator;
  const { mutateAsync: cancelJob } = canceller;

  /** Bumped by `reset`: an answer to a request sent before it no longer takes over the screen. */
  const epoch = useRef(0);
  /** Waits for a submit or regenerate and shows its job (the state saying it left is set by the caller). */
  const track = useCallback(
    async (send: () => Promise<Generation>, action: 'submit' | 'regenerate'): Promise<Generation | null> => {
      const started = epoch.current;
      try {
        const accepted = await send();
        if (started !== epoch.current) return accepted;
        setJobId(accepted.id);
        if (action === 'regenerate') notify.success(t`Đã bắt đầu tạo lại`);
        return accepted;
      } catch (error) {
        if (started !== epoch.current) return null;
        const described = describeGenerationError(error, i18n);
        notify.error(described.title, { description: described.description });
        return null;
      } finally {
        setResuming(false);
      }
    },
    [t, i18n],
  );
  const follow = useCallback(
    (send: () => Promise<Generation>, action: 'submit' | 'regenerate'): Promise<Generation | null> => {
      setAttachDecided(true);
      setLastAction(action);
      return track(send, action);
    },
    [track],
  );

  /** Sends a kept submit with its key; forgets it once the server answered (a job, or a refusal that made none). */
  const sendKept = useCallback(
    async (intent: PendingSubmit): Promise<Generation> => {
      try {
        const accepted = await submitRequest(intent.request, intent.key);
        if (account) clearPendingSubmit(account, featureKey);
        return accepted;
      } catch (error) {
        // No answer (offline, a reload, a gateway error): the server may have made the job, so the key stays.
        if (account && !isTransientSubmitError(error)) clearPendingSubmit(account, featureKey);
        throw error;
      }
    },
    [submitRequest, account, featureKey],
  );

  // A submit this tab sent before a reload, whose answer never came: sent again with its key, the
  // server returns the job it made (or makes it now), and the screen follows it. Found during
  // render (the screen says "Sending request…" at once), sent by the effect.
  const [kept, setKept] = useState<PendingSubmit | null | undefined>(undefined);
  if (kept === undefined && account) {
    const found = readPendingSubmit(account, featureKey);
    setKept(found);
    if (found) {
      setAttachDecided(true);
      setLastAction('submit');
      setResuming(true);
    }
  }
  const resumed = useRef(false);
  useEffect(() => {
    if (!kept || resumed.current) return;
    resumed.current = true;
    void track(() => sendKept(kept), 'submit');
  }, [kept, track, sendKept]);

  const { lastIdempotencyKey } = submitter;
  const retrySubmit = useCallback(() => {
    const stored = account ? readPendingSubmit(account, featureKey) : null;
    if (!stored && lastIdempotencyKey() === null) return Promise.resolve(null);
    setJobId(null);
    return follow(() => (stored ? sendKept(stored) : retrySubmitRequest()), 'submit');
  }, [follow, retrySubmitRequest, lastIdempotencyKey, account, featureKey, sendKept]);

  const regenerate = useCallback(
    (id?: string) => {
      const source = id ?? jobId;
      if (!source) return Promise.resolve(null);
      return follow(() => regenerateJob(source), 'regenerate');
    },
    [follow, regenerateJob, jobId],
  );

  const open = useCallback((id: string) => {
    // An answer to a request sent before no longer takes over the screen.
    epoch.current += 1;
    setAttachDecided(true);
    setLastAction(null);
    setJobId(id);
  }, []);

  // A queued generation the server accepted (sent by this page or the service worker): follow it.
  const queuedGeneration = useQueuedGeneration(features, (accepted) => {
    recordNewGeneration(client, accepted);
    open(accepted.id);
  });

  const { shouldQueue, queue } = queuedGeneration;
  const submit = useCallback(
    async (request: GenerationRequest) => {
      // Files still waiting for the network (or no network at all): it goes when they are sent.
      if (shouldQueue(request) && (await queue(request).catch(() => false))) return null;
      // The new job replaces whatever was shown.
      setJobId(null);
      // Kept before the POST leaves; a submit still kept (its answer never came) goes instead.
      const intent = (account ? readPendingSubmit(account, featureKey) : null) ?? { key: newIdempotencyKey(), request };
      if (account) writePendingSubmit(account, featureKey, intent);
      return follow(() => sendKept(intent), 'submit');
    },
    [follow, sendKept, shouldQueue, queue, account, featureKey],
  );

  const cancel = useCallback(async () => {
    if (!jobId) return;
    try {
      await cancelJob(jobId);
    } catch (error) {
      const described = describeGenerationError(error, i18n);
      notify.error(described.title, { description: described.description });
    }
  }, [cancelJob, jobId, i18n]);

  const { reset: resetSubmit } = submitter;
  const { reset: resetRegenerate } = regenerator;
  const reset = useCallback(() => {
    epoch.current += 1;
    setAttachDecided(true);
    setJobId(null);
    setLastAction(null);
    resetSubmit();
    resetRegenerate();
  }, [resetSubmit, resetRegenerate]);

  // ── What the screen shows ──
  const submitting = submitter.isPending || regenerator.isPending || resuming;
  const actionError = lastAction === 'regenerate' ? regenerator.error : lastAction === 'submit' ? submitter.error : null;

  let status: StudioJobStatus;
  if (submitting) status = 'submitting';
  // No job data and an error: it could not be read (deleted meanwhile, signed out).
  else if (jobId !== null) status = job?.status ?? (jobQuery.error ? 'failed' : 'queued');
  else if (actionError) status = 'rejected';
  else status = 'idle';

  let error: GenerationErrorDescription | null = null;
  if (status === 'rejected') error = describeGenerationError(actionError, i18n);
  else if (job && (job.status === 'failed' || job.status === 'cancelled')) {
    error = describeGenerationError(job.error ?? { code: job.status === 'cancelled' ? 'cancelled' : 'generationFailed', message: '' }, i18n);
  } else if (job?.status === 'completed' && job.results.length === 0) {
    error = { title: generationText('missingResult', undefined, i18n), description: generationText('noResultImage', undefined, i18n), code: 'noResultImage' };
  } else if (jobId !== null && !job && jobQuery.error) error = describeGenerationError(jobQuery.error, i18n);

  const stage = job && running ? (job.stage ?? (job.status === 'queued' ? 'queued' : null)) : null;
  const results = job?.status === 'completed' ? job.results : [];
  const expectedFeature = job?.feature ?? features[0] ?? 'virtual-tryon';

  return {
    status,
    job,
    stage,
    stageText: stage ? translateStage(stage, i18n) : null,
    progress: job ? (job.status === 'completed' ? 100 : Math.min(100, Math.max(0, job.progress))) : 0,
    elapsedSeconds: job ? elapsedSeconds(job, now) : 0,
    expected: expectedDuration(expectedFeature, job, measured),
    result: results[0] ?? null,
    results,
    error,
    isRunning: running || submitting,
    isReattaching: !attachDecided,
    isCancelling: canceller.isPending,
    submit,
    retrySubmit,
    cancel,
    regenerate,
    open,
    reset,
    lastResult,
    queued: queuedGeneration.queued
      ? {
          id: queuedGeneration.queued.id,
          status: queuedGeneration.queued.status,
          error: queuedGeneration.queued.status === 'failed' ? describeQueuedFailure(queuedGeneration.queued, i18n) : null,
        }
      : null,
    cancelQueued: queuedGeneration.cancel,
  };
}
