import { useId, type ComponentType, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { NotificationPrompt } from '../../offline/NotificationPrompt.tsx';
import { LastResultCard } from './LastResultCard.tsx';
import type { StudioPageProps } from './StudioPage.tsx';
import { StudioLayoutContext } from './studio-layout.ts';
import * as s from './studio.css.ts';
import * as o from './one-page.css.ts';

/**
 * A studio screen laid out on one page (studio-layout.ts): the legacy studios' routes
 * (/virtual-tryon-legacy…) show the same screen, job engine and history as the studios, the
 * whole form at once beside its output, in the public layout. In a route file:
 * `component: requireAuth(onePageStudio(VirtualTryOnScreen))`, at module level.
 */
export function onePageStudio<P extends object>(Screen: ComponentType<P>): (props: P) => ReactNode {
  function OnePageStudio(props: P) {
    return (
      <StudioLayoutContext value="page">
        <Screen {...props} />
      </StudioLayoutContext>
    );
  }
  OnePageStudio.displayName = `onePageStudio(${Screen.displayName ?? Screen.name})`;
  return OnePageStudio;
}

/**
 * The body of a studio on one page, under StudioPage's header (which renders it, lazily: the
 * legacy routes import this module, so it arrives with them, and the studios never load it): the
 * form (`children`) and its output (`output`: the processing screen, then the result; before a
 * job, a note of what will show there) side by side from tablet width, one above the other on a
 * phone, the history below. No step indicator, no Back / Next: every section is on the page.
 *
 * Stable test ids: `studio-output` (`data-state` = idle | job).
 */
export function OnePageColumns({
  titleId,
  lastResult,
  output,
  aside,
  children,
}: Pick<StudioPageProps, 'lastResult' | 'output' | 'aside' | 'children'> & { titleId: string }) {
  const outputId = useId();
  return (
    <>
      <div className={o.columns}>
        <main className={s.main} aria-labelledby={titleId}>
          {lastResult && !output ? <LastResultCard job={lastResult.job} onOpen={lastResult.onOpen} /> : null}
          {children}
        </main>
        <section className={o.output} aria-labelledby={outputId} data-testid="studio-output" data-state={output ? 'job' : 'idle'}>
          <h2 id={outputId} className={o.outputTitle}>
            <Trans>Kết quả</Trans>
          </h2>
          <NotificationPrompt />
          {output ?? (
            <div className={o.outputEmpty}>
              <p className={s.muted}>
                <Trans>Tiến độ và kết quả sẽ hiện ở đây khi bạn nhấn Tạo. Biểu mẫu vẫn giữ lựa chọn của bạn, để chỉnh và tạo lại.</Trans>
              </p>
            </div>
          )}
        </section>
      </div>
      {aside ? <aside className={o.history}>{aside}</aside> : null}
    </>
  );
}
