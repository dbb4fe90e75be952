/**
 * What a post's link-preview image shows (docs/product-rules.md#blog): its title, its category,
 * the brand and the language, drawn by the media area (server/media/title-card.ts). Its address
 * carries the card's version, so the image changes with the title or the category's name.
 */
import { blogImagePath, type BlogLocaleCode } from '../../src/contract/blog.ts';
import { titleCardVersion, type TitleCard } from '../media/title-card.ts';

/** The foot of the card: what it is and in which language (each written in its own). */
const FOOTER: Readonly<Record<BlogLocaleCode, string>> = { vi: 'Blog · Tiếng Việt', en: 'Blog · English' };

export function postCard(locale: BlogLocaleCode, post: { title: string; category: string }): TitleCard {
  return { title: post.title, kicker: post.category, footer: FOOTER[locale], lang: locale };
}

/** The versioned path of a post's preview image. */
export function postImagePath(locale: BlogLocaleCode, slug: string, card: TitleCard): string {
  return blogImagePath(locale, slug, titleCardVersion(card));
}
