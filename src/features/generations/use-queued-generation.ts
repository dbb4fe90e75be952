import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Feature } from '../../contract/tools.ts';
import type { Generation, GenerationRequest } from '../../contract/generations.schema.ts';
import { browserOffline, queueGeneration } from '../../lib/offline/outbox-client.ts';
import { outboxRefsOf, type OutboxSubmit } from '../../kernel/outbox-entries.ts';
import { cancelQueuedSubmit, forgetSubmit, listOutboxSubmits, onOutboxChange } from '../../kernel/outbox-store.ts';
import { sessionUserAtom } from '../../lib/session.ts';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { ApiError } from '../../lib/api.ts';
import { describeGenerationError, type GenerationErrorDescription } from './generation-messages.ts';

/**
 * A studio's generation queued in the outbox (docs/product-rules.md#upload-outbox): submitted while its uploads still waited
 * for the network (or while offline), it is stored with outbox references in place of asset ids
 * and submitted once, with its own Idempotency-Key, when they are sent (outbox-sender.ts, by
 * this page or the service worker). The screen shows it ('Sẽ tạo khi có mạng', with cancel),
 * also after a reload; once the server accepted it, `onSubmitted` gets the job (the screen
 * follows it) and the entry is forgotten.
 */

/** A queued generation accepted within this long (in ms) is shown when a screen of its tool opens. */
const TAKE_OVER_WITHIN_MS = 30 * 60_000;

export interface QueuedGeneration {
  /** The newest queued generation of these tools not yet accepted (waiting, sending, or refused). */
  queued: OutboxSubmit | null;
  /** Whether this request goes to the outbox instead of the network: it names files still waiting, or the browser is offline. */
  shouldQueue: (request: GenerationRequest) => boolean;
  /** Queues it; false when it cannot be (a guest). */
  queue: (request: GenerationRequest) => Promise<boolean>;
  /** Cancels the queued generation (its uploads stay while the form shows them). */
  cancel: () => void;
}

export function useQueuedGeneration(features: readonly Feature[], onSubmitted: (job: Generation) => void): QueuedGeneration {
  const userId = useAtomValue(sessionUserAtom)?.id ?? null;
  const featureKey = features.join(',');
  /** The account's queued generations of these tools, as last read (with the account they were read for). */
  const [read, setRead] = useState<{ userId: string | null; submits: readonly OutboxSubmit[] }>({ userId: null, submits: [] });
  const submits = useMemo(() => (read.userId === userId ? read.submits : []), [read, userId]);
  const setSubmits = useCallback(
    (change: (current: readonly OutboxSubmit[]) => readonly OutboxSubmit[]) =>
      setRead((current) => ({ userId, submits: change(current.userId === userId ? current.submits : []) })),
    [userId],
  );
  /** Accepted jobs already handed to the screen (a change can be announced twice). */
  const handedOver = useRef(new Set<string>());

  const takeOver = useEffectEvent((submit: OutboxSubmit) => {
    if (handedOver.current.has(submit.id)) return;
    handedOver.current.add(submit.id);
    // Accepted long ago (sent while no screen of this tool was open): the history and the
    // notification have it; the screen does not jump to it.
    const recent = Date.now() - (submit.settledAt ?? submit.createdAt) < TAKE_OVER_WITHIN_MS;
    if (submit.job && recent) onSubmitted(submit.job);
    void forgetSubmit(submit.id);
  });

  useEffect(() => {
    if (!userId) return;
    const wanted = featureKey.split(',');
    let cancelled = false;
    let reads = 0;
    const load = async () => {
      const mark = ++reads;
      const all = await listOutboxSubmits(userId).catch(() => null);
      // Two reads can answer out of order: only the latest counts.
      if (!all || cancelled || mark !== reads) return;
      const mine = all.filter((submit) => wanted.includes(submit.feature));
      setRead({ userId, submits: mine.filter((submit) => submit.status !== 'done') });
      for (const submit of mine) if (submit.status === 'done') takeOver(submit);
    };
    void load();
    const stop = onOutboxChange(() => void load());
    return () => {
      cancelled = true;
      stop();
    };
  }, [userId, featureKey]);

  const queued = useMemo(() => submits.toSorted((a, b) => b.createdAt - a.createdAt)[0] ?? null, [submits]);
  const queuedId = queued?.id ?? null;

  const shouldQueue = useCallback((request: GenerationRequest) => userId !== null && (outboxRefsOf(request).length > 0 || browserOffline()), [userId]);
  const queue = useCallback(
    async (request: GenerationRequest) => {
      if (!userId) return false;
      const entry = await queueGeneration(request, userId);
      // Shown at once, before the change announcement comes back.
      setSubmits((current) => [...current.filter((other) => other.id !== entry.id), entry]);
      return true;
    },
    [userId, setSubmits],
  );
  const cancel = useCallback(() => {
    if (!queuedId) return;
    setSubmits((current) => current.filter((other) => other.id !== queuedId));
    void cancelQueuedSubmit(queuedId);
  }, [queuedId, setSubmits]);

  return { queued, shouldQueue, queue, cancel };
}

// ── A queued generation's failure ────────────────────────────────────────────────────

/** Why a queued generation was refused: the server's answer, or (no status) a file of it that could not be sent. */
export function describeQueuedFailure(submit: OutboxSubmit, i18n: I18n): GenerationErrorDescription {
  if (!submit.errorStatus) {
    return {
      title: i18n._(msg`Tạo thất bại`),
      description: i18n._(msg`Một tệp của lần tạo này không tải lên được. Vui lòng chọn lại tệp rồi tạo lại.`),
    };
  }
  return describeGenerationError(new ApiError(submit.error ?? '', submit.errorStatus, submit.errorBody), i18n);
}
