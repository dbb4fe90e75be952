import { createRoot } from 'react-dom/client';
import { afterFirstFrame } from './lib/after-first-frame.ts';
import './ui/theme.css.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createAppStore } from './lib/store.ts';
import './lib/i18n-app.ts';
import { activateDefaultLocale, activateLocale, readStoredLocale } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { swPrompts } from './lib/sw-prompts.ts';
import { getSession } from './lib/session.ts';
import { installOnlineManager } from './lib/offline/online.ts';
import { createOfflinePersister, scheduleGarbageCollection, warmPersistedQueries } from './lib/offline/persister.ts';
import { connectOfflineSession } from './lib/offline/session-sync.ts';
import { createAppListedMediaKeeper } from './lib/offline/listed-media.ts';

async function start() {
  const container = document.getElementById('root')!;
  const locale = readStoredLocale();
  activateDefaultLocale();
  if (locale !== 'vi') await activateLocale(locale);

  // Offline data (docs/product-rules.md#offline-data): query data persisted per signed-in account, the account's offline
  // stores kept in step with the session, and TanStack's online state read from the browser.
  const session = getSession();
  // The first screen's data is read from IndexedDB: open it while the rest starts.
  if (session.getState().user) warmPersistedQueries();
  installOnlineManager();
  const persister = createOfflinePersister({ currentUserId: () => session.getState().user?.id ?? null });
  const queryClient = createQueryClient({ persister: persister.persisterFn });
  persister.attach(queryClient);
  // What a list shows is kept offline with its pictures, scrolled to or not (docs/product-rules.md#media-cache).
  createAppListedMediaKeeper(() => session.getState().user?.id ?? null).attach(queryClient);
  connectOfflineSession({ session });
  scheduleGarbageCollection(persister);
  const store = createAppStore();
  const router = createAppRouter(queryClient);
  // Resolve the first route (and its lazy chunk) before rendering, so the shell never flashes.
  await router.load();

  createRoot(container).render(<App router={router} queryClient={queryClient} store={store} />);
  registerServiceWorker(swPrompts);
  // The upload outbox (docs/product-rules.md#upload-outbox) sends what waits now and whenever the network returns. Its code
  // loads after the first frame, so it does not compete with the first screen.
  afterFirstFrame(() => void import('./lib/offline/outbox-client.ts').then((outbox) => outbox.startOutbox()));
}

void start();
