import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HairMaskMessageKey } from '../../../../contract/hair-mask.ts';
import { ApiError } from '../../../../lib/api.ts';
import { useOnline } from '../../../../lib/offline/online.ts';
import { button } from '../../../../ui/button.ts';
import * as s from '../mask-editor/mask-editor.css.ts';
import { decodeProposal, fetchProposal } from './propose.ts';

export interface HairProposalProps {
  /** The portrait's asset id. */
  imageId: string;
  /** The editor's raster size: the proposal is decoded at it. */
  width: number;
  height: number;
  /** Whether something is painted already (the proposal replaces it, as one undoable step). */
  painted: boolean;
  /** Takes the proposed mask as the editor's painting. */
  onProposal: (mask: Uint8ClampedArray) => void;
  /** The request and the decoding (tests replace them). */
  propose?: typeof fetchProposal;
  decode?: typeof decodeProposal;
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done' } | { kind: 'failed'; code: HairMaskMessageKey | null };

/**
 * "Đề xuất vùng tóc" (docs/product-rules.md#mask-editor): the server's proposed hair area, loaded
 * into the mask editor as the painting the seller then refines with the brush and eraser. Free.
 * Loading, failure (a missing face said as such, with Retry) and offline states.
 *
 * Test ids: `hair-proposal` (`data-state` = idle | loading | done | failed | offline),
 * `hair-proposal-button`, `hair-proposal-status`.
 */
export function HairProposal({ imageId, width, height, painted, onProposal, propose = fetchProposal, decode = decodeProposal }: HairProposalProps) {
  const { t } = useLingui();
  const online = useOnline();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  const run = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'loading' });
    try {
      const mask = await decode(await propose(imageId, controller.signal), width, height);
      if (controller.signal.aborted) return;
      onProposal(mask);
      setState({ kind: 'done' });
    } catch (error) {
      if (controller.signal.aborted) return;
      const code = error instanceof ApiError ? error.code : undefined;
      setState({
        kind: 'failed',
        code: code === 'noFaceFound' || code === 'tooManyProposals' || code === 'assetNotFound' || code === 'notAnImageAsset' ? code : null,
      });
    }
  };

  const failure = (code: HairMaskMessageKey | null): string => {
    switch (code) {
      case 'noFaceFound':
        return t`Không tìm thấy khuôn mặt trong ảnh nên chưa đề xuất được vùng tóc. Hãy dùng ảnh chân dung nhìn thẳng, hoặc tô tóc bằng cọ.`;
      case 'tooManyProposals':
        return t`Bạn đã đề xuất vùng tóc nhiều lần trong giờ qua. Vui lòng thử lại sau, hoặc tô tóc bằng cọ.`;
      case 'assetNotFound':
      case 'notAnImageAsset':
        return t`Không đề xuất được vùng tóc cho ảnh này. Hãy tải lại ảnh chân dung.`;
      default:
        return t`Không đề xuất được vùng tóc. Vui lòng thử lại.`;
    }
  };

  const loading = state.kind === 'loading';
  const shown = !online && !loading ? 'offline' : state.kind;
  return (
    <div className={s.footer} data-testid="hair-proposal" data-state={shown}>
      <button
        type="button"
        className={button({ variant: 'secondary' })}
        disabled={loading || !online}
        aria-busy={loading}
        data-testid="hair-proposal-button"
        onClick={() => void run()}
      >
        {loading ? <Trans>Đang đề xuất vùng tóc…</Trans> : state.kind === 'failed' ? <Trans>Đề xuất lại vùng tóc</Trans> : <Trans>Đề xuất vùng tóc</Trans>}
      </button>
      <p className={s.hint} role={state.kind === 'failed' ? 'alert' : 'status'} data-testid="hair-proposal-status">
        {shown === 'offline' ? (
          <Trans>Cần kết nối mạng để đề xuất vùng tóc.</Trans>
        ) : state.kind === 'failed' ? (
          failure(state.code)
        ) : state.kind === 'done' ? (
          <Trans>Đã tô sẵn vùng tóc đề xuất. Dùng cọ và tẩy để chỉnh cho khớp.</Trans>
        ) : state.kind === 'loading' ? null : painted ? (
          <Trans>Vùng tóc đề xuất sẽ thay cho phần đã tô (có thể hoàn tác).</Trans>
        ) : (
          <Trans>Máy chủ tìm khuôn mặt và mái tóc trong ảnh rồi tô sẵn vùng tóc để bạn chỉnh lại. Miễn phí.</Trans>
        )}
      </p>
    </div>
  );
}
