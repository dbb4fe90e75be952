/**
 * The head of a pre-rendered public page for search engines and link previews
 * (docs/product-rules.md#public-seo): canonical URL, the page's other language (hreflang vi, en,
 * x-default), Open Graph and Twitter cards, and JSON-LD — Organization and WebSite on the home
 * page, a BreadcrumbList elsewhere, FAQPage where the page has questions marked `data-faq`, and
 * the plans and packs as Product offers on /pricing.
 */
import { PACK_LIST } from '../src/contract/packs.ts';
import { PLAN_LIST, planPrice } from '../src/contract/plans.ts';
import { COMPANY, SOCIAL_LINKS } from '../src/features/site/company.ts';
import { escapeAttr, jsonScript, OG_IMAGE, OG_LOCALE } from '../src/features/site/head-tags.ts';
import { localizedPath, type SiteLocale } from '../src/features/site/paths.ts';

export { escapeAttr, OG_IMAGE };

export interface HeadInput {
  /** Scheme and host of the public site, no trailing slash. */
  origin: string;
  locale: SiteLocale;
  /** The page's path without its language prefix. */
  path: string;
  title: string;
  description: string;
  /** The page's rendered body, searched for FAQ markup. */
  html: string;
  /** Title of each ancestor page shown in the breadcrumb, from the home page down (the page itself excluded). */
  trail: Array<{ name: string; path: string }>;
  /** The page's own name in a breadcrumb (its heading, shorter than its document title). */
  name: string;
}

/** Text of an HTML fragment: tags dropped, the common entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Questions marked `<details data-faq><summary>question</summary>answer</details>` in a page. */
export function faqOf(html: string): Array<{ question: string; answer: string }> {
  const out: Array<{ question: string; answer: string }> = [];
  for (const match of html.matchAll(/<details[^>]*\bdata-faq\b[^>]*>\s*<summary[^>]*>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/g)) {
    const question = textOf(match[1] ?? '');
    const answer = textOf(match[2] ?? '');
    if (question && answer) out.push({ question, answer });
  }
  return out;
}

function structuredData(input: HeadInput, url: (path: string) => string): unknown[] {
  const { locale, path } = input;
  const organization = {
    '@type': 'Organization',
    '@id': `${input.origin}/#organization`,
    name: 'Atelier',
    legalName: COMPANY.legalName,
    url: url('/'),
    logo: `${input.origin}/icons/icon-512.png`,
    email: COMPANY.email,
    telephone: COMPANY.phone,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: COMPANY.email, telephone: COMPANY.phone, availableLanguage: ['vi', 'en'] },
  };
  const out: unknown[] = [];
  if (path === '/') {
    out.push({ '@context': 'https://schema.org', ...organization });
    out.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Atelier',
      url: url('/'),
      inLanguage: locale,
      publisher: { '@id': organization['@id'] },
    });
  } else {
    const items = [...input.trail, { name: input.name, path }];
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: url(item.path) })),
    });
  }
  const faq = faqOf(input.html);
  if (faq.length > 0) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      inLanguage: locale,
      mainEntity: faq.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
    });
  }
  if (path === '/pricing') {
    const offers = [
      ...PLAN_LIST.flatMap((plan) => {
        const price = planPrice(plan, 'monthly');
        // The free plan costs nothing and enterprise has no list price: neither is an offer.
        if (price === null || price === 0) return [];
        return [
          {
            '@type': 'Offer',
            name: `Atelier ${plan.id[0]!.toUpperCase()}${plan.id.slice(1)}`,
            price,
            priceCurrency: 'VND',
            url: url('/pricing'),
            availability: 'https://schema.org/InStock',
          },
        ];
      }),
      ...PACK_LIST.map((pack) => ({
        '@type': 'Offer',
        name: `${pack.credits} credits`,
        price: pack.priceVnd,
        priceCurrency: 'VND',
        url: url('/pricing'),
        availability: 'https://schema.org/InStock',
      })),
    ];
    out.push({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Atelier',
      description: input.description,
      brand: { '@type': 'Brand', name: 'Atelier' },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'VND',
        lowPrice: Math.min(...offers.map((o) => o.price)),
        highPrice: Math.max(...offers.map((o) => o.price)),
        offerCount: offers.length,
        offers,
      },
    });
  }
  return out;
}

/** A `<meta>` tag. */
const meta = (key: 'property' | 'name', name: string, content: string | number) => `<meta ${key}="${name}" content="${escapeAttr(String(content))}">`;

/** The tags that go in the page's head after its title and description. */
export function headTags(input: HeadInput): string {
  const url = (path: string) => `${input.origin}${localizedPath(path, input.locale)}`;
  const other: SiteLocale = input.locale === 'vi' ? 'en' : 'vi';
  const self = url(input.path);
  const image = `${input.origin}${OG_IMAGE.path}`;
  const alternates = (['vi', 'en'] as const).map(
    (locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeAttr(`${input.origin}${localizedPath(input.path, locale)}`)}">`,
  );
  return [
    `<link rel="canonical" href="${escapeAttr(self)}">`,
    ...alternates,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(`${input.origin}${localizedPath(input.path, 'vi')}`)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Atelier'),
    meta('property', 'og:title', input.title),
    meta('property', 'og:description', input.description),
    meta('property', 'og:url', self),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', OG_IMAGE.width),
    meta('property', 'og:image:height', OG_IMAGE.height),
    meta('property', 'og:locale', OG_LOCALE[input.locale]),
    meta('property', 'og:locale:alternate', OG_LOCALE[other]),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', input.title),
    meta('name', 'twitter:description', input.description),
    meta('name', 'twitter:image', image),
    ...structuredData(input, url).map(jsonScript),
  ].join('\n    ');
}
