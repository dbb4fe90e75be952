import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the browser is online, as TanStack Query sees it. TanStack's own listener starts from
 * "online" and waits for an event, so a page loaded while offline would believe it is online and
 * let its queries fail instead of pausing them; the listener installed here starts from
 * `navigator.onLine` (whose "false" is reliable; its "true" only means a network is attached).
 */
export function installOnlineManager(): void {
  if (typeof window === 'undefined') return;
  onlineManager.setEventListener((setOnline) => {
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    setOnline(navigator.onLine);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();
/** The pre-rendered page assumes online. */
const isOnlineOnServer = () => true;

/** Re-renders when the browser goes on- or offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnlineOnServer);
}
