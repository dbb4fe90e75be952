// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING_MESSAGE } from '../../sw/lifecycle.ts';

/** A stand-in for a ServiceWorker: the test moves it through its states by hand. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn<(message: unknown) => void>();
  setState(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** A stand-in for the ServiceWorkerRegistration, in the order the browser updates it. */
class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  /** Checks for a new version asked for; the next one fails if `updateFails` (offline). */
  updates = 0;
  updateFails = false;
  // A plain method, not a spy: a spy handles the promise it returns, which would hide a rejection.
  update(): Promise<void> {
    this.updates++;
    return this.updateFails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve();
  }
  /** A new version is found and starts installing. */
  found(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  /** The installing worker is installed: the registration names it as waiting, then it says so. */
  installed(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.setState('installed');
  }
  /** The waiting worker becomes the active one (skipWaiting, or the first install). */
  activate(worker: FakeWorker) {
    this.waiting = null;
    this.active = worker;
    worker.setState('activating');
  }
}

/** A stand-in for navigator.serviceWorker. */
class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  registration = new FakeRegistration();
  readonly register = vi.fn<(url: string, options: RegistrationOptions) => Promise<FakeRegistration>>(async () => this.registration);
  /** `worker` now controls the page (clients.claim, or a skipWaiting update). */
  control(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

let container: FakeContainer;
const reload = vi.fn<() => void>();
/** Idle callbacks asked for, run by the test when it wants the browser to be idle. */
let idle: Array<{ callback: () => void; options: IdleRequestOptions | undefined }>;

/** Everything pending in the page, microtasks and tasks alike, has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function load() {
  const bridge = await import('./sw-bridge.ts');
  const events = { onUpdateReady: vi.fn<(apply: () => void) => void>(), onOfflineReady: vi.fn<() => void>() };
  bridge.registerServiceWorker(events);
  return events;
}

/** Loads the bridge, lets the browser be idle, and waits until the registration is followed. */
async function start() {
  const events = await load();
  for (const { callback } of idle.splice(0)) callback();
  await settle();
  expect(container.register).toHaveBeenCalledTimes(1);
  return { events, registration: container.registration };
}

/** The app comes back to the foreground (or leaves it, as visibilityState says). */
const foreground = () => document.dispatchEvent(new Event('visibilitychange'));

/** A controller in place: this browser already runs a version of the app. */
function returningVisit() {
  const current = new FakeWorker();
  current.state = 'activated';
  container.registration.active = current;
  container.controller = current;
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    vi.resetModules();
    container = new FakeContainer();
    reload.mockClear();
    idle = [];
    localStorage.clear();
    vi.stubEnv('DEV', false);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: IdleRequestOptions) => idle.push({ callback, options }));
    vi.stubGlobal('location', { ...location, reload });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('registers /sw.js for the whole origin, bypassing the HTTP cache for the script, once the browser is idle', async () => {
    await load();
    await settle();
    expect(container.register).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    expect(idle[0]!.options).toEqual({ timeout: 3000 });
    await start();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('waits for the page to finish loading before waiting for idle', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    await load();
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
  });

  it('registers nothing in development', async () => {
    vi.stubEnv('DEV', true);
    await load();
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(0);
  });

  it('survives a refused registration', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    container.register.mockRejectedValueOnce(new DOMException('refused', 'SecurityError'));
    const { events } = await start();
    expect(warn).toHaveBeenCalledTimes(1);
    container.control(new FakeWorker());
    expect(events.onOfflineReady).not.toHaveBeenCalled();
  });

  it('on a first visit, tells once per browser that the app works offline when the worker takes control', async () => {
    const { registration, events } = await start();
    const worker = registration.found();
    registration.installed(worker);
    registration.activate(worker);
    expect(events.onOfflineReady).not.toHaveBeenCalled();
    container.control(worker);
    expect(events.onOfflineReady).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('atelier.offlineReadyShown')).not.toBeNull();
    container.control(worker);
    expect(events.onOfflineReady).toHaveBeenCalledTimes(1);

    vi.resetModules();
    container = new FakeContainer();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
    const again = await start();
    container.control(new FakeWorker());
    expect(again.events.onOfflineReady).not.toHaveBeenCalled();
  });

  it('tells it at once when the first worker took control while the page was registering', async () => {
    container.register.mockImplementationOnce(async () => {
      container.controller = new FakeWorker();
      return container.registration;
    });
    const { events } = await start();
    expect(events.onOfflineReady).toHaveBeenCalledTimes(1);
  });

  it('does not tell a returning visit that it works offline', async () => {
    returningVisit();
    const { events } = await start();
    container.control(new FakeWorker());
    expect(events.onOfflineReady).not.toHaveBeenCalled();
  });

  it('never offers the first install as an update: it takes control by itself', async () => {
    const { registration, events } = await start();
    const worker = registration.found();
    registration.installed(worker);
    expect(events.onUpdateReady).not.toHaveBeenCalled();
  });

  it('offers a version found while the page is open once, when it is installed and waiting', async () => {
    returningVisit();
    const { registration, events } = await start();
    const worker = registration.found();
    expect(events.onUpdateReady).not.toHaveBeenCalled();
    registration.installed(worker);
    expect(events.onUpdateReady).toHaveBeenCalledTimes(1);
    worker.setState('installed');
    expect(events.onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('does not offer a version that is installed but not waiting', async () => {
    returningVisit();
    const { registration, events } = await start();
    const worker = registration.found();
    worker.setState('installed');
    expect(events.onUpdateReady).not.toHaveBeenCalled();
  });

  it('offers a version already waiting before the page registered, once', async () => {
    returningVisit();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration.waiting = waiting;
    const { events } = await start();
    expect(events.onUpdateReady).toHaveBeenCalledTimes(1);
    waiting.dispatchEvent(new Event('statechange'));
    expect(events.onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('offers a version still installing when the page registered, once it waits', async () => {
    returningVisit();
    const installing = new FakeWorker();
    container.registration.installing = installing;
    const { registration, events } = await start();
    expect(events.onUpdateReady).not.toHaveBeenCalled();
    registration.installed(installing);
    expect(events.onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('offers every release found while the page stays open', async () => {
    returningVisit();
    const { registration, events } = await start();
    // Releases 2 and 3, each installed and waiting while the page stays open ("later" on 2).
    for (let release = 2; release <= 3; release++) registration.installed(registration.found());
    expect(events.onUpdateReady).toHaveBeenCalledTimes(2);
  });

  it('lets the newest waiting version take over only when the user agrees, then reloads once it controls the page', async () => {
    returningVisit();
    const { registration, events } = await start();
    const second = registration.found();
    registration.installed(second);
    const third = registration.found();
    registration.installed(third);
    expect(third.postMessage).not.toHaveBeenCalled();

    // "Reload" on the older toast, twice: the worker waiting now is asked, each time.
    const apply = events.onUpdateReady.mock.calls[0]![0];
    apply();
    apply();
    expect(second.postMessage).not.toHaveBeenCalled();
    expect(third.postMessage).toHaveBeenCalledTimes(2);
    expect(third.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING_MESSAGE });
    expect(reload).not.toHaveBeenCalled();

    registration.activate(third);
    container.control(third);
    container.control(third);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads on a change of controller the user did not ask for', async () => {
    returningVisit();
    const { registration } = await start();
    const worker = registration.found();
    registration.installed(worker);
    registration.activate(worker);
    container.control(worker);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at once when the offered version no longer waits (another tab let it take over)', async () => {
    returningVisit();
    const { registration, events } = await start();
    const worker = registration.found();
    registration.installed(worker);
    registration.activate(worker);
    container.control(worker);
    events.onUpdateReady.mock.calls[0]![0]();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version on coming back to the foreground, at most hourly', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { registration } = await start();
    const HOUR_MS = 60 * 60 * 1000;

    now.mockReturnValue(1_000_000 + HOUR_MS);
    foreground();
    expect(registration.updates).toBe(0);

    now.mockReturnValue(1_000_000 + HOUR_MS + 1);
    visibility.mockReturnValue('hidden');
    foreground();
    expect(registration.updates).toBe(0);
    visibility.mockReturnValue('visible');
    // Offline: the failed check is dropped quietly, never an unhandled rejection.
    const unhandled = vi.fn<(reason: unknown) => void>();
    process.on('unhandledRejection', unhandled);
    registration.updateFails = true;
    foreground();
    expect(registration.updates).toBe(1);
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    foreground();
    expect(registration.updates).toBe(1);

    now.mockReturnValue(1_000_000 + 2 * HOUR_MS + 2);
    foreground();
    expect(registration.updates).toBe(2);
  });
});
