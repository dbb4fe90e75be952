import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import * as s from './tabs.css.ts';

export interface TabsProps<T extends string> {
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  /** A tab's visible name. */
  renderLabel: (tab: T) => ReactNode;
  /** The tab list's accessible name. */
  label: string;
  /**
   * The tab panel the tabs control; absent when the tabs filter content another component
   * renders (the try-on's garment categories over the upload zone's list).
   */
  panelId?: string;
  /** The prefix of each tab's id (`<idPrefix>-<tab>`). */
  idPrefix: string;
  /** Each tab's test id (its `data-tab` says which). */
  testId?: string;
  className?: string;
  tabClassName?: string;
}

/** The key that moves the selection, as an index, or null for other keys. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A WAI-ARIA tab list with automatic activation: arrows, Home and End move the selection and
 * the focus; only the selected tab is in the Tab order. The caller renders the panel
 * (`role="tabpanel"`, `id={panelId}`, `aria-labelledby={`${idPrefix}-${active}`}`).
 */
export function Tabs<T extends string>({ tabs, active, onChange, renderLabel, label, panelId, idPrefix, testId, className, tabClassName }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(event.key, tabs.indexOf(active), tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onChange(tab);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={label} className={className ? `${s.list} ${className}` : s.list}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={`${idPrefix}-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === active}
          aria-controls={panelId}
          tabIndex={tab === active ? 0 : -1}
          className={tabClassName ? `${s.tab} ${tabClassName}` : s.tab}
          data-testid={testId}
          data-tab={tab}
          onClick={() => onChange(tab)}
          onKeyDown={onKeyDown}
        >
          {renderLabel(tab)}
        </button>
      ))}
    </div>
  );
}
