// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for workbox-window's Workbox: the test fires its events by hand. */
class FakeWorkbox extends EventTarget {
  static last: FakeWorkbox | undefined;
  readonly registration = new FakeRegistration();
  readonly messageSkipWaiting = vi.fn<() => void>();
  readonly update = vi.fn<() => Promise<void>>(async () => undefined);
  readonly scriptURL: string;
  readonly options: RegistrationOptions;
  constructor(scriptURL: string, options: RegistrationOptions) {
    super();
    this.scriptURL = scriptURL;
    this.options = options;
    FakeWorkbox.last = this;
  }
  register = vi.fn<() => Promise<ServiceWorkerRegistration>>(async () => this.registration as unknown as ServiceWorkerRegistration);
  emit(type: string, props: object = {}) {
    this.dispatchEvent(Object.assign(new Event(type), props));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
}

class FakeWorker extends EventTarget {
  state = 'installing';
  install(registration: FakeRegistration) {
    this.state = 'installed';
    registration.installing = null;
    registration.waiting = this;
    this.dispatchEvent(new Event('statechange'));
  }
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

const serviceWorker = { controller: null as object | null };

async function start() {
  const bridge = await import('./sw-bridge.ts');
  const events = { onUpdateReady: vi.fn<(apply: () => void) => void>(), onOfflineReady: vi.fn<() => void>() };
  bridge.registerServiceWorker(events);
  await vi.waitFor(() => expect(FakeWorkbox.last?.register).toHaveBeenCalled());
  await Promise.resolve();
  return { events, wb: FakeWorkbox.last!, bridge };
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    vi.resetModules();
    FakeWorkbox.last = undefined;
    serviceWorker.controller = null;
    localStorage.clear();
    vi.stubEnv('DEV', false);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker }));
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('registers /sw.js for the whole origin, bypassing the HTTP cache for the script', async () => {
    const { wb } = await start();
    expect(wb.scriptURL).toBe('/sw.js');
    expect(wb.options).toEqual({ scope: '/', updateViaCache: 'none' });
  });

  it('on a first visit, tells once per browser that the app works offline when the worker takes control', async () => {
    const { wb, events } = await start();
    expect(events.onOfflineReady).not.toHaveBeenCalled();
    serviceWorker.controller = {};
    wb.emit('controlling');
    expect(events.onOfflineReady).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('atelier.offlineReadyShown')).not.toBeNull();

    vi.resetModules();
    serviceWorker.controller = null;
    const again = await start();
    again.wb.emit('controlling');
    expect(again.events.onOfflineReady).not.toHaveBeenCalled();
  });

  it('never offers the first install as an update: it takes control by itself', async () => {
    const { wb, events } = await start();
    wb.emit('waiting', { sw: new FakeWorker() });
    expect(events.onUpdateReady).not.toHaveBeenCalled();
  });

  it('offers a waiting new version once, and lets it take over only when the user agrees', async () => {
    serviceWorker.controller = {};
    const reload = vi.fn<() => void>();
    vi.stubGlobal('location', { ...location, reload });
    const { wb, events } = await start();
    const worker = new FakeWorker();
    wb.emit('waiting', { sw: worker });
    wb.emit('waiting', { sw: worker });
    expect(events.onUpdateReady).toHaveBeenCalledTimes(1);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    events.onUpdateReady.mock.calls[0]![0]();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a second release found while the page stays open, which workbox-window no longer follows', async () => {
    serviceWorker.controller = {};
    const { wb, events } = await start();
    // Releases 2 and 3, each installed and waiting while the page stays open.
    for (let release = 2; release <= 3; release++) {
      const worker = new FakeWorker();
      wb.registration.installing = worker;
      wb.registration.dispatchEvent(new Event('updatefound'));
      worker.install(wb.registration);
    }
    expect(events.onUpdateReady).toHaveBeenCalledTimes(2);
  });
});
