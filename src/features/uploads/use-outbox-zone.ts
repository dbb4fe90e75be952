import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { Asset } from '../../contract/media.schema.ts';
import type { AssetRole, UploadPurpose } from '../../contract/media.ts';
import { browserOffline, outboxSlot, placeholderAsset, queueFile } from '../../lib/offline/outbox-client.ts';
import { outboxRefId, type OutboxStatus, type OutboxSubmit, type OutboxUpload } from '../../kernel/outbox-entries.ts';
import { cancelOutboxEntry, releaseOutboxEntry, watchOutbox } from '../../kernel/outbox-store.ts';
import { sessionUserAtom } from '../../lib/session.ts';
import { assetKeys } from '../media/api.ts';
import type { UploaderOutbox } from './uploader.ts';

/**
 * The upload outbox in one studio drop zone (docs/product-rules.md#upload-outbox): files chosen without a network go to the
 * outbox (src/lib/offline/outbox-client.ts) and stand in the zone's choice as placeholder assets
 * (id `outbox:<entry>`, the local preview as URL), so the screen can even submit a generation
 * with them (it then waits for them, see use-studio-job.ts). When an entry is sent, its asset
 * takes the placeholder's place; an entry cancelled elsewhere (the outbox list) leaves the
 * choice. After a reload, the zone shows the files of its slot (the screen's path and the
 * zone's name) that still wait, or that were sent meanwhile, again. An entry leaving the choice
 * (replaced by its asset, removed, replaced by another file) is released: the outbox forgets
 * it once no queued generation needs it either.
 */

export interface OutboxZoneOptions {
  /** The zone's name (its test id): with the screen's path, where its files come back after a reload. */
  zone: string;
  role: AssetRole | null;
  purpose: UploadPurpose;
  /** The zone's choice as rendered. */
  value: readonly Asset[];
  /** The zone's choice as last committed (several changes can land in one tick). */
  latest: { readonly current: readonly Asset[] };
  commit: (next: Asset[]) => void;
  /** A placeholder was replaced by its sent asset. */
  onSent?: (placeholder: Asset, asset: Asset) => void;
}

export interface OutboxZone {
  /** For useUpload: where files go without a network; undefined for a guest. */
  uploaderOutbox: UploaderOutbox | undefined;
  /**
   * What the outbox says of a chosen asset: null for an asset of the library; for a placeholder,
   * its entry's status (`waiting` until the entry is read) and the entry once read.
   */
  outboxStateOf: (asset: Asset) => { status: OutboxStatus; entry: OutboxUpload | undefined } | null;
}

const refsOf = (assets: readonly Asset[]) => new Set(assets.flatMap((asset) => outboxRefId(asset.id) ?? []));

export function useOutboxZone(options: OutboxZoneOptions): OutboxZone {
  const { zone, role, purpose, value, latest, commit } = options;
  const userId = useAtomValue(sessionUserAtom)?.id ?? null;
  const client = useQueryClient();
  const [slot] = useState(() => outboxSlot(zone));
  const [entries, setEntries] = useState<ReadonlyMap<string, OutboxUpload>>(() => new Map());
  /** Entries seen in the outbox since mount: one missing afterwards was cancelled or forgotten. */
  const known = useRef(new Set<string>());
  const restored = useRef(false);

  /** Brings the choice in line with the outbox: sent files become their assets, vanished ones leave; on first load, restores the slot's files. */
  const reconcile = useEffectEvent((list: readonly OutboxUpload[], submits: readonly OutboxSubmit[]) => {
    const byId = new Map(list.map((entry) => [entry.id, entry]));
    for (const entry of list) known.current.add(entry.id);
    setEntries(byId);

    let next = [...latest.current];
    let changed = false;
    const sent: Array<[Asset, Asset]> = [];
    next = next.flatMap((asset) => {
      const id = outboxRefId(asset.id);
      if (!id) return [asset];
      const entry = byId.get(id);
      if (entry?.status === 'done' && entry.asset) {
        changed = true;
        sent.push([asset, entry.asset]);
        return [entry.asset];
      }
      if (!entry && known.current.has(id)) {
        changed = true;
        return [];
      }
      return [asset];
    });

    if (!restored.current) {
      restored.current = true;
      const shown = refsOf(next);
      const shownAssets = new Set(next.map((asset) => asset.id));
      // Files a generation already used are not brought back into the form.
      const consumed = new Set(submits.filter((submit) => submit.status === 'done').flatMap((submit) => submit.entryIds));
      for (const entry of list) {
        if (entry.slot !== slot || entry.released || shown.has(entry.id)) continue;
        if (consumed.has(entry.id) || (entry.asset && shownAssets.has(entry.asset.id))) {
          void releaseOutboxEntry(entry.id);
        } else if (entry.status === 'done' && entry.asset) {
          // Sent while the page was closed: it comes back as the asset it became.
          next.push(entry.asset);
          changed = true;
          void releaseOutboxEntry(entry.id);
        } else {
          next.push(placeholderAsset(entry));
          changed = true;
        }
      }
    }

    if (!changed) return;
    commit(next);
    for (const [placeholder, asset] of sent) options.onSent?.(placeholder, asset);
    if (sent.length > 0) void client.invalidateQueries({ queryKey: assetKeys.lists() });
  });

  useEffect(() => {
    if (!userId) return;
    return watchOutbox(userId, (uploads, submits) => reconcile(uploads, submits));
  }, [userId]);

  // An entry leaving the choice is released (its asset took its place, or the person let it go).
  const shownRefs = useRef(refsOf(value));
  useEffect(() => {
    const now = refsOf(value);
    for (const id of shownRefs.current) if (!now.has(id)) void releaseOutboxEntry(id);
    shownRefs.current = now;
  }, [value]);

  const uploaderOutbox = useMemo<UploaderOutbox | undefined>(
    () =>
      userId
        ? {
            isOffline: browserOffline,
            enqueue: async (file) => placeholderAsset(await queueFile(file, { userId, role, purpose, slot })),
            cancel: (placeholder) => {
              const id = outboxRefId(placeholder.id);
              if (id) void cancelOutboxEntry(id);
            },
          }
        : undefined,
    [userId, role, purpose, slot],
  );

  return {
    uploaderOutbox,
    outboxStateOf: (asset) => {
      const id = outboxRefId(asset.id);
      if (!id) return null;
      const entry = entries.get(id);
      return { status: entry?.status ?? 'waiting', entry };
    },
  };
}
