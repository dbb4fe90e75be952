import { useId, useState, type MouseEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { AssetRole } from '../../contract/media.ts';
import type { ShareFailureReason } from '../../contract/share-target.ts';
import { TOOL_LIST, type ShareRoleOf, type SharingStudio } from '../../contract/tools.ts';
import { sessionUserAtom } from '../../lib/session.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { button } from '../../ui/button.ts';
import { AppLink } from '../../ui/link.tsx';
import { assetQueryOptions } from '../media/api.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { NAV } from '../registry/nav-items.ts';
import { STUDIOS } from '../registry/studios.ts';
import { describeUploadProblem } from '../uploads/upload-messages.ts';
import { targetHref, type UseInTarget } from '../assets/incoming-asset.ts';
import { useSharedPhotos, type SharedPhoto } from './use-shared-photos.ts';
import * as s from './share.css.ts';

/**
 * The share target's chooser (/share): a photo shared to the installed app from another app
 * (sw/share-target.ts kept it), uploaded at once (or queued in the outbox while offline), and
 * the studios that take a photo, each opening with it in the right input
 * (`/<studio>?asset=<id>&as=<role>`). The links wait until the upload is done. With several
 * photos, the person picks the one the links use.
 *
 * Stable test ids: `share-chooser` (`data-state` = loading | ready | missing | failed),
 * `share-photo` (`data-status`, `data-asset-id`), `share-photo-retry`, `share-target-option`
 * (`data-studio`, `data-role`, `aria-disabled`), `share-notice` (`data-reason`).
 */

type ChooserTarget = UseInTarget & ChoiceWords;

interface ChoiceWords {
  /** Which input the photo fills, named after the studio's name where the studio has several. */
  input?: MessageDescriptor;
  hint: MessageDescriptor;
}

/** The words of each choice, per studio and input of the tool catalogue's (a tool that takes a shared photo without them fails the typecheck). */
const CHOICE_WORDS = {
  'virtual-tryon': {
    model: { input: msg`người mẫu`, hint: msg`Ảnh này là người mẫu để mặc thử trang phục.` },
    garment: { input: msg`trang phục`, hint: msg`Ảnh này là món đồ để mặc thử lên người mẫu.` },
  },
  'hairstyle-changer': { hair: { hint: msg`Thử kiểu và màu tóc mới trên ảnh chân dung này.` } },
  'image-editing': { image: { hint: msg`Sửa ảnh theo mô tả bằng lời của bạn.` } },
  'image-to-video': { image: { hint: msg`Biến ảnh này thành một đoạn video ngắn.` } },
  upscaler: { image: { hint: msg`Tăng độ phân giải ảnh từ 2× đến 4×.` } },
  'body-generator': { face: { input: msg`khuôn mặt`, hint: msg`Dùng khuôn mặt trong ảnh cho người mẫu ảo.` } },
} satisfies { [S in SharingStudio]: { [R in ShareRoleOf<S>]: ChoiceWords } };

/** The words read per studio and input (the typecheck above holds every pair of the catalogue to have its words). */
const WORDS_OF: Readonly<Partial<Record<SharingStudio, Partial<Record<AssetRole, ChoiceWords>>>>> = CHOICE_WORDS;

/** The studios a shared photo can start and the inputs it fills there, in the order most shares go: the tool catalogue's. */
export const SHARE_INPUTS: readonly { studio: SharingStudio; role: AssetRole }[] = TOOL_LIST.filter((tool) => tool.share)
  .toSorted((a, b) => a.share!.rank - b.share!.rank)
  .flatMap((tool) => tool.share!.roles.map((role) => ({ studio: tool.id as SharingStudio, role })));

/** The choices, with their words. */
export const CHOOSER_TARGETS: readonly ChooserTarget[] = SHARE_INPUTS.map(
  ({ studio, role }) => ({ studio, role, ...WORDS_OF[studio]?.[role] }) as ChooserTarget,
);

/** A choice's name: the studio's name from the registry, and the input when it has several ("Thử đồ ảo — người mẫu"). */
export function chooserTargetName(target: ChooserTarget, i18n: I18n): string {
  const studio = i18n._(STUDIOS[target.studio].name);
  if (!target.input) return studio;
  const input = i18n._(target.input);
  return i18n._(msg`${studio} — ${input}`);
}

export interface ShareChooserProps {
  /** The share entry (`?id=`), while its photos are not all uploaded. */
  entryId?: string;
  /** The uploaded photos (`?assets=`), once they all are. */
  assetIds?: readonly string[];
  /** Why there is nothing to show (`?reason=`). */
  reason?: ShareFailureReason;
  /** Every photo is uploaded: the route keeps the asset ids in its URL (a reload shows them again). */
  onUploaded: (assetIds: string[]) => void;
}

export function ShareChooser({ entryId, assetIds, reason, onUploaded }: ShareChooserProps) {
  const user = useAtomValue(sessionUserAtom);
  // Decided once: the URL changes from ?id= to ?assets= when the uploads finish, and the photos
  // already on screen stay.
  const [initial] = useState(() => ({ entryId, assetIds, mode: assetIds && assetIds.length > 0 ? 'uploaded' : entryId ? 'pending' : 'none' }));
  const { mode } = initial;
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>
          <Trans>Ảnh được chia sẻ</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Chọn công cụ để dùng ảnh này. Ảnh cũng được lưu vào thư viện của bạn.</Trans>
        </p>
      </header>
      {mode === 'uploaded' && initial.assetIds ? (
        <UploadedPhotos assetIds={initial.assetIds} />
      ) : mode === 'pending' && initial.entryId && user ? (
        <PendingPhotos entryId={initial.entryId} userId={user.id} onUploaded={onUploaded} />
      ) : (
        <Notice reason={reason ?? 'missing'} />
      )}
    </div>
  );
}

function PendingPhotos({ entryId, userId, onUploaded }: { entryId: string; userId: string; onUploaded: (assetIds: string[]) => void }) {
  const shared = useSharedPhotos({ entryId, userId, onAllUploaded: onUploaded });
  const [selected, setSelected] = useState(0);
  if (shared.phase === 'loading') {
    return (
      <p role="status" data-testid="share-chooser" data-state="loading">
        <Trans>Đang mở ảnh được chia sẻ...</Trans>
      </p>
    );
  }
  if (shared.phase === 'missing') return <Notice reason="missing" />;
  if (shared.photos.length === 0) return <Notice reason="no-image" />;
  const current = shared.photos[Math.min(selected, shared.photos.length - 1)]!;
  const { skipped } = shared;
  return (
    <div className={s.body} data-testid="share-chooser" data-state="ready">
      {shared.title || shared.text ? <p className={s.caption}>{[shared.title, shared.text].filter(Boolean).join(' — ')}</p> : null}
      <PhotoList photos={shared.photos} selected={selected} onSelect={setSelected} onRetry={shared.retry} />
      {skipped > 0 ? (
        <p className={s.targetHint}>
          <Plural value={skipped} other="Đã bỏ qua # tệp không phải ảnh JPEG, PNG hoặc WebP (hoặc quá 10 tệp)." />
        </p>
      ) : null}
      <Targets assetId={current.assetId} photo={current} />
    </div>
  );
}

function UploadedPhotos({ assetIds }: { assetIds: readonly string[] }) {
  const assets = useQueries({ queries: assetIds.map((id) => assetQueryOptions(id)) });
  const [selected, setSelected] = useState(0);
  const photos: SharedPhoto[] = assets.map((query, index) => ({
    name: query.data?.name ?? '',
    preview: query.data ? mediaSrc(query.data.thumbnail_url) : '',
    status: 'done',
    progress: 1,
    assetId: assetIds[index]!,
    problem: null,
  }));
  const current = photos[Math.min(selected, photos.length - 1)]!;
  return (
    <div className={s.body} data-testid="share-chooser" data-state="ready">
      <PhotoList photos={photos} selected={selected} onSelect={setSelected} />
      <Targets assetId={current.assetId} photo={current} />
    </div>
  );
}

interface PhotoListProps {
  photos: readonly SharedPhoto[];
  selected: number;
  onSelect: (index: number) => void;
  onRetry?: (index: number) => void;
}

function PhotoList({ photos, selected, onSelect, onRetry }: PhotoListProps) {
  const { t, i18n } = useLingui();
  const name = useId();
  const several = photos.length > 1;
  return (
    <ul className={s.photos} aria-label={t`Ảnh được chia sẻ`}>
      {photos.map((photo, index) => {
        const number = index + 1;
        const image = photo.preview ? (
          <img className={s.photoImage} src={photo.preview} alt={photo.name || t`Ảnh được chia sẻ`} />
        ) : (
          <span className={s.photoImage} />
        );
        return (
          <li
            key={index}
            className={s.photo}
            data-selected={several && index === selected}
            data-testid="share-photo"
            data-status={photo.status}
            data-asset-id={photo.assetId ?? undefined}
          >
            {several ? (
              <label className={s.photoLabel}>
                <input type="radio" name={name} className={s.photoRadio} checked={index === selected} onChange={() => onSelect(index)} />
                {image}
                <span className={s.targetHint}>{t`Dùng ảnh ${number}`}</span>
              </label>
            ) : (
              image
            )}
            <div className={s.photoStatus} role="status">
              {photo.status === 'uploading' ? (
                <>
                  <span>
                    <Trans>Đang tải ảnh lên...</Trans>
                  </span>
                  <progress className={s.progress} max={1} value={photo.progress} aria-label={t`Tiến độ tải lên`} />
                </>
              ) : photo.status === 'waiting' ? (
                <span className={s.waitingText}>
                  <Trans>Đang chờ mạng: ảnh sẽ được tải lên khi có kết nối.</Trans>
                </span>
              ) : photo.status === 'done' ? (
                <span className={s.doneText}>
                  <Trans>Đã lưu vào thư viện</Trans>
                </span>
              ) : (
                <>
                  <span className={s.problem}>{photo.problem ? describeUploadProblem(photo.problem, i18n) : t`Tải lên thất bại`}</span>
                  {onRetry ? (
                    <button
                      type="button"
                      className={button({ variant: 'secondary', size: 'sm' })}
                      onClick={() => onRetry(index)}
                      data-testid="share-photo-retry"
                    >
                      <Trans>Thử lại</Trans>
                    </button>
                  ) : null}
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The studio links for one photo; disabled (with the reason) until it is uploaded. */
function Targets({ assetId, photo }: { assetId: string | null; photo: SharedPhoto }) {
  const { i18n } = useLingui();
  const online = useOnline();
  const navigate = useNavigate();
  const headingId = useId();
  const waitingId = useId();
  const open = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  const waiting = photo.status === 'waiting' || (photo.status === 'uploading' && !online);
  return (
    <section className={s.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={s.sectionTitle}>
        <Trans>Dùng ảnh trong</Trans>
      </h2>
      {assetId ? null : (
        <p id={waitingId} className={waiting ? s.waitingText : s.targetHint}>
          {waiting ? <Trans>Đang chờ mạng</Trans> : photo.status === 'failed' ? <Trans>Ảnh chưa tải lên được.</Trans> : <Trans>Đang tải ảnh lên...</Trans>}
        </p>
      )}
      <ul className={s.targets}>
        {CHOOSER_TARGETS.map((target) => {
          const key = `${target.studio}-${target.role}`;
          const common = { className: s.target, 'data-testid': 'share-target-option', 'data-studio': target.studio, 'data-role': target.role };
          const body = (
            <>
              <span className={s.targetName}>{chooserTargetName(target, i18n)}</span>
              <span className={s.targetHint}>{i18n._(target.hint)}</span>
            </>
          );
          if (!assetId) {
            return (
              <li key={key}>
                {/* A link without an address until the photo is uploaded: announced as disabled, with why. */}
                <a {...common} role="link" aria-disabled="true" aria-describedby={waitingId}>
                  {body}
                </a>
              </li>
            );
          }
          const href = targetHref(target, assetId);
          return (
            <li key={key}>
              <a {...common} href={href} onClick={(event) => open(event, href)}>
                {body}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type NoticeReason = ShareFailureReason | 'missing' | 'no-image';

function Notice({ reason }: { reason: NoticeReason }) {
  return (
    <div className={s.notice} role="alert" data-testid="share-notice" data-reason={reason}>
      <h2 className={s.noticeTitle}>{reason === 'no-worker' ? <Trans>Hãy mở ứng dụng một lần trước</Trans> : <Trans>Không có ảnh để dùng</Trans>}</h2>
      <p>
        {reason === 'no-worker' ? (
          <Trans>Ảnh chưa được nhận vì Atelier chưa từng được mở trên thiết bị này. Hãy mở ứng dụng một lần, rồi chia sẻ ảnh lại.</Trans>
        ) : reason === 'unreadable' ? (
          <Trans>Không đọc hoặc lưu được ảnh được chia sẻ (có thể bộ nhớ đã đầy). Vui lòng chia sẻ lại.</Trans>
        ) : reason === 'no-image' ? (
          <Trans>Nội dung được chia sẻ không có ảnh JPEG, PNG hoặc WebP nào.</Trans>
        ) : (
          <Trans>Ảnh được chia sẻ không còn ở đây: có thể nó đã được tải lên thư viện của bạn.</Trans>
        )}
      </p>
      <AppLink className={button({ variant: 'secondary', size: 'sm' })} to={NAV.yourAssets.to}>
        <Trans>Mở thư viện</Trans>
      </AppLink>
    </div>
  );
}
