import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../../contract/blog.schema.ts';
import { OG_IMAGE } from '../site/head-tags.ts';
import type { BlogListData, BlogPostData } from './data.ts';
import { blogHeadTags } from './head.ts';

const ORIGIN = 'https://atelier.example';
const IMAGE = '/en/blog/og/white-background-product-photos.0123456789abcdef.png';

const term = { key: 'photo-tips', slug: 'photo-tips', name: 'Photo tips' };
const post: BlogPost = {
  translation_key: 'white-background',
  locale: 'en',
  slug: 'white-background-product-photos',
  title: 'White backgrounds & "clean" product photos',
  description: 'How to shoot them.',
  published_at: '2026-06-01T01:00:00.000Z',
  updated_at: '2026-06-02T01:00:00.000Z',
  reading_minutes: 4,
  author: { key: 'thu-ha', slug: 'thu-ha', name: 'Ngô Thu Hà', role: 'Editor', bio: 'Writes about product photos.' },
  category: term,
  tags: [],
  id: '00000000-0000-4000-8000-000000000001',
  html: '<p>Text.</p>',
  toc: [],
  word_count: 2,
  image: IMAGE,
  alternate: null,
  related: [],
};

const names = { name: post.title, homeName: 'Home', blogName: 'Blog' };
const metaContent = (head: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(head)?.[1];
const blogPosting = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((item) => item['@type'] === 'BlogPosting');

describe("a blog page's preview image", () => {
  it('gives a post its own image in Open Graph, the Twitter card and its BlogPosting', () => {
    const data: BlogPostData = { kind: 'post', locale: 'en', origin: ORIGIN, alternates: { en: `/en/blog/${post.slug}`, vi: null }, post };
    const head = blogHeadTags({ data, title: post.title, description: post.description, ...names });
    expect(metaContent(head, 'og:image')).toBe(`${ORIGIN}${IMAGE}`);
    expect(metaContent(head, 'og:image:width')).toBe('1200');
    expect(metaContent(head, 'og:image:height')).toBe('630');
    expect(metaContent(head, 'og:image:alt')).toBe('White backgrounds &amp; &quot;clean&quot; product photos');
    expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(head, 'twitter:image')).toBe(`${ORIGIN}${IMAGE}`);
    expect(metaContent(head, 'twitter:image:alt')).toBe('White backgrounds &amp; &quot;clean&quot; product photos');
    expect(blogPosting(head)?.image).toEqual({ '@type': 'ImageObject', url: `${ORIGIN}${IMAGE}`, width: 1200, height: 630 });
    expect(head).not.toContain(OG_IMAGE.path);
  });

  it("keeps the site's image on a list", () => {
    const data: BlogListData = {
      kind: 'list',
      locale: 'vi',
      origin: ORIGIN,
      alternates: { vi: '/blog', en: '/en/blog' },
      base: { kind: 'index' },
      query: { locale: 'vi', q: '', sort: 'newest', page: 1 },
      result: { items: [post], page: 1, page_size: 10, total: 1, page_count: 1, category: null, tag: null, author: null },
      error: null,
      categories: [],
      tags: [],
      authors: [],
    };
    const head = blogHeadTags({ data, title: 'Blog', description: 'Articles.', name: 'Blog', homeName: 'Trang chủ', blogName: 'Blog' });
    expect(metaContent(head, 'og:image')).toBe(`${ORIGIN}${OG_IMAGE.path}`);
    expect(metaContent(head, 'twitter:image')).toBe(`${ORIGIN}${OG_IMAGE.path}`);
    expect(metaContent(head, 'og:image:alt')).toBeUndefined();
    expect(head).not.toContain('/blog/og/');
  });
});
