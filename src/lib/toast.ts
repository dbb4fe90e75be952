import type { ExternalToast } from 'sonner';

/**
 * Toasts without paying for the toast library on first load: sonner (about 9 KB gzip) is
 * fetched the first time a toast is shown.
 */
type Sonner = typeof import('sonner');

let sonnerModule: Promise<Sonner> | undefined;
let toasterMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});
const requestListeners = new Set<() => void>();
let requested = false;

export function loadSonner(): Promise<Sonner> {
  sonnerModule ??= import('sonner');
  return sonnerModule;
}

/** Called by <LazyToaster> to learn when it must mount. */
export function onToasterRequested(listener: () => void): () => void {
  if (requested) listener();
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Called by the toaster once it is mounted and can display toasts. */
export function markToasterMounted(): void {
  toasterMounted();
}

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

type Kind = 'message' | 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, title: string, options?: ExternalToast): void {
  requestToaster();
  void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => {
    return kind === 'message' ? toast(title, options) : toast[kind](title, options);
  });
}

export const notify = {
  message: (title: string, options?: ExternalToast) => show('message', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  warning: (title: string, options?: ExternalToast) => show('warning', title, options),
  dismiss: (id?: string | number) => void loadSonner().then(({ toast }) => toast.dismiss(id)),
};
