import { createRoot } from 'react-dom/client';
import './ui/theme.css.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createAppStore } from './lib/store.ts';
import './lib/i18n-app.ts';
import { activateDefaultLocale, activateLocale, readStoredLocale } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { swPrompts } from './lib/sw-prompts.ts';

async function start() {
  const container = document.getElementById('root')!;
  const locale = readStoredLocale();
  activateDefaultLocale();
  if (locale !== 'vi') await activateLocale(locale);

  const queryClient = createQueryClient();
  const store = createAppStore();
  const router = createAppRouter(queryClient);
  // Resolve the first route (and its lazy chunk) before rendering, so the shell never flashes.
  await router.load();

  createRoot(container).render(<App router={router} queryClient={queryClient} store={store} />);
  registerServiceWorker(swPrompts);
}

void start();
