/**
 * Why this file exists: the machines the browser tests run on are offline, and Google sign-in
 * loads scripts from the internet that the tests cannot reach. The Firebase web SDK (in the
 * app page) and the Auth emulator's helper iframe both load Google's API loader,
 * https://apis.google.com/js/api.js, for its gapi.iframes messaging; the emulator's sign-in
 * popup loads its styles and fonts from unpkg.com and fonts.googleapis.com.
 *
 * serveGoogleShims() answers those requests in the test browser: api.js with gapiShim() below, a
 * small stand-in for the part of gapi.iframes that Firebase Auth and the emulator's iframe page
 * use (written for these tests: the real script is Google's); the popup's styles and fonts with
 * empty files (the popup's own script runs without them). Only that messaging library is
 * replaced: the Firebase SDK, the emulator's popup, handler and iframe pages, and our server
 * still do the sign-in. Any other request that would leave this machine is refused and listed,
 * so a test can check that nothing else was needed.
 */
import type { BrowserContext } from '@playwright/test';

/** The shim's types (erased: the functions below are served as text). */
interface ShimIframeLike {
  readonly origin: string;
}
type Filter = (iframe: ShimIframeLike) => boolean;
type Handler = (data: unknown, from: ShimIframeLike) => unknown;
type Callback = (responses: unknown[]) => void;
interface Envelope {
  tag: string;
  kind: 'ready' | 'send' | 'reply';
  id?: number;
  type?: string;
  data?: unknown;
  responses?: unknown[];
}
interface LoadOptions {
  callback?: () => void;
}
interface OpenOptions {
  where?: HTMLElement;
  url: string;
  attributes?: Record<string, unknown>;
  messageHandlersFilter?: Filter;
}

/**
 * The stand-in for api.js. It runs in two windows: the app page (which opens the emulator's
 * iframe) and that iframe (whose parent is the app page); the two talk with postMessage.
 *
 * The surface, as the SDK (`_loadGapi`, `_openIframe`, BrowserPopupRedirectResolver) and the
 * emulator's /emulator/auth/iframe page call it:
 * - the script calls `window[onload]` (the `onload` query parameter of its URL) or
 *   `window.gapi_onload` once it has run;
 * - `gapi.load('gapi.iframes', callback | { callback, timeout, ontimeout })`;
 * - `gapi.iframes.getContext().open({ where, url, attributes, messageHandlersFilter, dontclear },
 *   onOpen)` adds the iframe and returns a promise of what onOpen returns (the SDK's onOpen
 *   restyles and pings the iframe, and rejects when the ping does not come back in time);
 * - `gapi.iframes.getContext().getParentIframe()` in the iframe: its parent page;
 * - on either side's Iframe: `register(type, handler, filter)`, `send(type, data, callback,
 *   filter)` (the callback gets the array of the other side's handler answers), `ping(callback)`
 *   (answered once the other side's script runs) and `restyle(style)`;
 * - `gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER`: accepts messages from the other origin.
 * A message sent before the receiving side registers a handler for its type waits for it.
 *
 * Self-contained: this function and installGapi() are served as their text (GAPI_SHIM_SOURCE).
 */
function gapiShim(): void {
  const win = window as unknown as Window & Record<string, unknown>;
  // Loaded again in the same window: the loader is there, only the onload callback is new.
  if (!win.gapi) installGapi(win);
  const script = document.currentScript as HTMLScriptElement | null;
  const onload = script ? new URL(script.src).searchParams.get('onload') : null;
  const loaded = (onload ? win[onload] : undefined) ?? win.gapi_onload;
  if (typeof loaded === 'function') setTimeout(() => (loaded as () => void)(), 0);
}

/** gapi.load and gapi.iframes; part of gapiShim (served as text, it runs in the browser). */
function installGapi(win: Window & Record<string, unknown>): void {
  const TAG = 'atelier-test-gapi-shim';
  /** The emulator's iframe is on another origin than the app page: let it through. */
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- served as text: all of it lives in here
  const CROSS_ORIGIN_IFRAMES_FILTER: Filter = () => true;
  /** Built-in message type of ping(), answered by every side. */
  const PING = '__ping';
  const waitingReplies = new Map<number, Callback>();
  const peers: ShimIframe[] = [];
  let nextId = 1;

  /** The other side of a channel: the iframe, seen from the app page, or the app page, seen from the iframe. */
  class ShimIframe {
    readonly window: () => Window | null;
    readonly origin: string;
    private ready: boolean;
    private readonly defaultFilter: Filter;
    private readonly handlers = new Map<string, { handler: Handler; filter: Filter }>();
    private readonly inbox: Array<{ id: number; type: string; data: unknown }> = [];
    private readonly whenReady: Array<() => void> = [];

    constructor(target: () => Window | null, origin: string, ready: boolean, defaultFilter: Filter) {
      this.window = target;
      this.origin = origin;
      this.ready = ready;
      this.defaultFilter = defaultFilter;
      this.handlers.set(PING, { handler: () => true, filter: CROSS_ORIGIN_IFRAMES_FILTER });
    }

    register(type: string, handler: Handler, filter?: Filter): void {
      this.handlers.set(type, { handler, filter: filter ?? this.defaultFilter });
      const queued = this.inbox.filter((message) => message.type === type);
      this.inbox.splice(0, this.inbox.length, ...this.inbox.filter((message) => message.type !== type));
      for (const message of queued) this.receive(message.id, message.type, message.data);
    }

    send(type: string, data: unknown, callback?: Callback, _filter?: Filter): Promise<unknown[]> {
      return new Promise((resolve) => {
        const id = nextId++;
        waitingReplies.set(id, (responses) => {
          resolve(responses);
          callback?.(responses);
        });
        this.afterReady(() => this.post({ kind: 'send', id, type, data }));
      });
    }

    ping(callback?: () => void, data?: unknown): Promise<unknown[]> {
      return this.send(PING, data, () => callback?.());
    }

    /** The SDK's iframe is 1 px and off screen; there is nothing to restyle in a test. */
    restyle(_style: Record<string, unknown>, callback?: () => void): Promise<unknown[]> {
      callback?.();
      return Promise.resolve([]);
    }

    post(message: Omit<Envelope, 'tag'>): void {
      this.window()?.postMessage({ tag: TAG, ...message }, this.origin);
    }

    markReady(): void {
      this.ready = true;
      for (const run of this.whenReady.splice(0)) run();
    }

    receive(id: number, type: string, data: unknown): void {
      const entry = this.handlers.get(type);
      if (!entry) {
        this.inbox.push({ id, type, data });
        return;
      }
      if (!entry.filter(this)) {
        this.post({ kind: 'reply', id, responses: [] });
        return;
      }
      void Promise.resolve(entry.handler(data, this)).then((answer) => this.post({ kind: 'reply', id, responses: [answer] }));
    }

    private afterReady(run: () => void): void {
      if (this.ready) run();
      else this.whenReady.push(run);
    }
  }

  // In the iframe: the page that framed it (Chromium names its origin in ancestorOrigins).
  const framed = window.parent !== window;
  const parentOrigin = location.ancestorOrigins?.[0] ?? '*';
  const parentIframe = framed ? new ShimIframe(() => window.parent, parentOrigin, true, CROSS_ORIGIN_IFRAMES_FILTER) : null;
  if (parentIframe) peers.push(parentIframe);

  window.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as Partial<Envelope> | null;
    if (!message || typeof message !== 'object' || message.tag !== TAG) return;
    const peer = peers.find((candidate) => candidate.window() === event.source && (candidate.origin === '*' || candidate.origin === event.origin));
    if (!peer) return;
    if (message.kind === 'ready') peer.markReady();
    else if (message.kind === 'send' && typeof message.id === 'number' && typeof message.type === 'string')
      peer.receive(message.id, message.type, message.data);
    else if (message.kind === 'reply' && typeof message.id === 'number') {
      const done = waitingReplies.get(message.id);
      waitingReplies.delete(message.id);
      done?.(Array.isArray(message.responses) ? message.responses : []);
    }
  });

  const context = {
    open(options: OpenOptions, onOpen?: (iframe: ShimIframe) => unknown): Promise<unknown> {
      const element = document.createElement('iframe');
      for (const [name, value] of Object.entries(options.attributes ?? {})) {
        if (name === 'style' && value && typeof value === 'object') Object.assign(element.style, value);
        else element.setAttribute(name, String(value));
      }
      const url = new URL(options.url, location.href);
      const iframe = new ShimIframe(() => element.contentWindow, url.origin, false, options.messageHandlersFilter ?? CROSS_ORIGIN_IFRAMES_FILTER);
      peers.push(iframe);
      element.src = url.href;
      (options.where ?? document.body).appendChild(element);
      return Promise.resolve(onOpen ? onOpen(iframe) : iframe);
    },
    getParentIframe(): ShimIframe | null {
      return parentIframe;
    },
  };

  win.gapi = {
    load(_features: string, options?: LoadOptions | (() => void)) {
      const callback = typeof options === 'function' ? options : options?.callback;
      setTimeout(() => callback?.(), 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER,
      Iframe: ShimIframe,
      getContext: () => context,
    },
  };

  // The iframe's page tells its parent it can take messages now.
  parentIframe?.post({ kind: 'ready' });
}

/** Google's API loader, as the test browser gets it. */
export const GAPI_SHIM_SOURCE = `(() => {\n${installGapi.toString()}\n(${gapiShim.toString()})();\n})();\n`;

/** Hosts whose files the emulator's popup page links (styles, fonts, its component library). */
const POPUP_ASSET_HOSTS = new Set(['unpkg.com', 'fonts.googleapis.com', 'fonts.gstatic.com']);

/**
 * Serves the stand-ins in every page and frame of the context and refuses anything else that
 * would leave this machine. Returns the refused URLs (expected to stay empty).
 */
export async function serveGoogleShims(context: BrowserContext): Promise<string[]> {
  const refused: string[] = [];
  await context.route(
    (url) => url.protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(url.hostname),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'apis.google.com' && url.pathname === '/js/api.js') {
        await route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: GAPI_SHIM_SOURCE });
      } else if (POPUP_ASSET_HOSTS.has(url.hostname)) {
        const css = url.hostname === 'fonts.googleapis.com' || url.pathname.endsWith('.css');
        await route.fulfill({ contentType: css ? 'text/css' : 'text/javascript', body: '' });
      } else {
        refused.push(url.href);
        await route.abort('internetdisconnected');
      }
    },
  );
  return refused;
}
