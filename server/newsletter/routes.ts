/**
 * The newsletter's endpoints (src/contract/newsletter.ts lists them): the JSON sign-up under
 * `/api/newsletter`, and the two small pages under `/newsletter` the mails link to. The pages'
 * POSTs read no body (a one-click unsubscribe sends `List-Unsubscribe=One-Click`, our own button
 * sends nothing): the token in the address is the whole request. Nothing here is cached.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { NEWSLETTER_MESSAGES, type NewsletterMessageKey } from '../../src/contract/newsletter.ts';
import { SubscribeRequestSchema } from '../../src/contract/newsletter.schema.ts';
import { clientAddress } from '../http/client-address.ts';
import { originOf } from '../http/origin.ts';
import { CodedError, invalidInput, readJson } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { fill, PAGE_TEXT, renderPage, type PageContent } from './page.ts';
import type { SubscriberRow } from './repository.ts';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH, type NewsletterService } from './service.ts';

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

const CODE_OF_MESSAGE: ReadonlyMap<string, NewsletterMessageKey> = new Map(
  Object.entries(NEWSLETTER_MESSAGES).map(([code, text]) => [text, code as NewsletterMessageKey]),
);

/** Parses a sign-up: an invalid address is its own coded 422 (the form shows its sentence); anything else the usual 422. */
function parseSubscribe(input: unknown) {
  const result = v.safeParse(SubscribeRequestSchema, input);
  if (result.success) return result.output;
  const code = CODE_OF_MESSAGE.get(result.issues[0].message);
  if (code) throw new CodedError(422, code, NEWSLETTER_MESSAGES[code]);
  throw invalidInput(result.issues);
}

export function newsletterApiRoutes(service: NewsletterService, trustProxy: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(noStore);
  app.post('/subscribe', async (c) => {
    const input = parseSubscribe(await readJson(c));
    return c.json(await service.subscribe(input, { address: clientAddress(c, trustProxy), origin: originOf(c) }), 202);
  });
  return app;
}

const tokenOf = (c: Context<AppEnv>): string => c.req.query('token') ?? '';
const actionOf = (path: string, token: string) => `${path}?${new URLSearchParams({ token }).toString()}`;
const blogLink = (language: 'vi' | 'en') => ({ href: language === 'vi' ? '/blog' : '/en/blog', label: PAGE_TEXT[language].backToBlog });

/** A page in both languages for a link too broken to say whose it is. */
function invalidPage(c: Context<AppEnv>, kind: 'confirm' | 'unsubscribe'): Response {
  const section = (language: 'vi' | 'en'): PageContent => {
    const t = PAGE_TEXT[language];
    return kind === 'confirm'
      ? { language, title: t.confirmInvalidTitle, paragraphs: [t.confirmInvalid], link: blogLink(language) }
      : { language, title: t.unsubscribeInvalidTitle, paragraphs: [t.unsubscribeInvalid], link: blogLink(language) };
  };
  return c.html(renderPage(null, [section('vi'), section('en')]), 404);
}

const unsubscribedPage = (c: Context<AppEnv>, subscriber: SubscriberRow) => {
  const t = PAGE_TEXT[subscriber.language];
  return c.html(
    renderPage(subscriber.language, [
      { title: t.unsubscribedTitle, paragraphs: [fill(t.unsubscribed, subscriber.email)], link: blogLink(subscriber.language) },
    ]),
  );
};

export function newsletterPageRoutes(service: NewsletterService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(noStore);

  // Shows the button only: a mail scanner's prefetch of this link confirms nothing.
  app.get('/confirm', async (c) => {
    const token = tokenOf(c);
    const subscriber = await service.pendingOf(token);
    if (!subscriber) return invalidPage(c, 'confirm');
    const t = PAGE_TEXT[subscriber.language];
    return c.html(
      renderPage(subscriber.language, [
        { title: t.confirmTitle, paragraphs: [fill(t.confirmAsk, subscriber.email)], form: { action: actionOf(CONFIRM_PATH, token), label: t.confirmButton } },
      ]),
    );
  });
  app.post('/confirm', async (c) => {
    const subscriber = await service.confirm(tokenOf(c));
    if (!subscriber) return invalidPage(c, 'confirm');
    const t = PAGE_TEXT[subscriber.language];
    return c.html(
      renderPage(subscriber.language, [{ title: t.confirmedTitle, paragraphs: [fill(t.confirmed, subscriber.email)], link: blogLink(subscriber.language) }]),
    );
  });

  app.get('/unsubscribe', async (c) => {
    const token = tokenOf(c);
    const subscriber = await service.subscriberOf(token);
    if (!subscriber) return invalidPage(c, 'unsubscribe');
    if (subscriber.status === 'unsubscribed') return unsubscribedPage(c, subscriber);
    const t = PAGE_TEXT[subscriber.language];
    return c.html(
      renderPage(subscriber.language, [
        {
          title: t.unsubscribeTitle,
          paragraphs: [fill(t.unsubscribeAsk, subscriber.email)],
          form: { action: actionOf(UNSUBSCRIBE_PATH, token), label: t.unsubscribeButton },
        },
      ]),
    );
  });
  // RFC 8058 one-click: the mail client POSTs here; so does the page's button.
  app.post('/unsubscribe', async (c) => {
    const subscriber = await service.unsubscribe(tokenOf(c));
    if (!subscriber) return invalidPage(c, 'unsubscribe');
    return unsubscribedPage(c, subscriber);
  });
  return app;
}
