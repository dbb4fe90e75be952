import { useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { button } from '../../ui/button.ts';
import * as s from './api-docs.css.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text`; the answer says whether it worked (the clipboard may be refused or missing). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy button and what became of the last copy (announced to screen readers). */
function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = async () => setState((await copyText(text)) ? 'copied' : 'failed');
  return (
    <div className={s.copy}>
      <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => void copy()} data-testid={testId ?? 'copy-code'}>
        {state === 'copied' ? <Trans>Đã sao chép</Trans> : <Trans>Sao chép</Trans>}
      </button>
      <p role="status" className={state === 'failed' ? s.copyError : s.copyStatus} aria-live="polite">
        {state === 'failed' ? <Trans>Không sao chép được. Hãy chọn đoạn mã rồi sao chép thủ công.</Trans> : null}
      </p>
    </div>
  );
}

/** A block of code with its copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className={s.samples}>
      <div className={s.samplesBar}>
        <CopyButton text={code} />
      </div>
      {/* Wrapped, not scrolled: a short block reads whole without a scrollable (focusable) area. */}
      <pre className={s.preWrap} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** The key that moves the selection, as an index, or null for other keys (the WAI-ARIA tabs pattern). */
function nextTab(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The same code in several languages, one tab each, with a copy button for the one shown.
 * A tab list of its own, in the look of src/ui/Tabs.tsx, rather than that primitive: a module a
 * public page loads leaves the studios' shared chunk (scripts/chunk-groups.ts), and the studios
 * would then fetch the tabs, the states and their icons as extra files, over their budget.
 */
export function CodeTabs<T extends string>({ samples, idPrefix, names }: { samples: Record<T, string>; idPrefix: string; names: Record<T, string> }) {
  const { t } = useLingui();
  const tabs = Object.keys(samples) as T[];
  const [active, setActive] = useState<T>(tabs[0]!);
  const panelId = `${idPrefix}-panel`;
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTab(event.key, tabs.indexOf(active), tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    setActive(tab);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus();
  };
  return (
    <div className={s.samples} data-testid="code-samples">
      <div className={s.samplesBar}>
        <div ref={listRef} role="tablist" aria-label={t`Ngôn ngữ của ví dụ`} className={s.tabList}>
          {tabs.map((tab) => (
            <button
              key={tab}
              id={`${idPrefix}-${tab}`}
              type="button"
              role="tab"
              aria-selected={tab === active}
              aria-controls={panelId}
              tabIndex={tab === active ? 0 : -1}
              className={s.tab}
              data-testid="sample-tab"
              data-tab={tab}
              onClick={() => setActive(tab)}
              onKeyDown={onKeyDown}
            >
              {names[tab]}
            </button>
          ))}
        </div>
        <CopyButton key={active} text={samples[active]} />
      </div>
      {/* Scrollable by keyboard: the panel takes the focus (tabIndex) so arrows scroll long lines. */}
      <pre id={panelId} role="tabpanel" aria-labelledby={`${idPrefix}-${active}`} className={s.pre} tabIndex={0} data-testid="sample-code">
        <code>{samples[active]}</code>
      </pre>
    </div>
  );
}
