// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { Comment } from '../../contract/blog-comments.schema.ts';
import { TOKEN_STORAGE_KEY } from '../../lib/session-keys.ts';
import { Comments } from './Comments.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

/** The page's observers: a test says when the section comes near the viewport. */
let observers: Array<{ callback: IntersectionObserverCallback; target?: Element; options?: IntersectionObserverInit }>;
let requests: Array<{ url: string; method: string; body: string | null; auth: string | null }>;

const comment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  post_id: 'p1',
  body: 'Bài viết rất hữu ích',
  author: { name: 'Lan' },
  status: 'approved',
  mine: false,
  created_at: '2026-11-20T03:00:00.000Z',
  ...overrides,
});

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

beforeEach(() => {
  observers = [];
  requests = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1);
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      requests.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? init.body : null, auth: headers.get('Authorization') });
      if (init.method === 'POST') return Response.json(comment({ id: 'c2', body: 'Cảm ơn', status: 'pending', mine: true }), { status: 201 });
      return Response.json({ items: [comment()], next_cursor: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderComments = () => renderWithProviders(<Comments postId="p1" locale="vi" />);

/** The observer reports the section `near` (inside its margin below the viewport) or not. */
function report(near: boolean) {
  act(() => {
    // A copy: an observer that sees the section disconnects, leaving the list.
    for (const { callback, target } of observers.slice()) callback([{ isIntersecting: near, target } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

describe('a post’s comments', () => {
  test('load only once the section nears the viewport, a margin below it', async () => {
    renderComments();
    expect(screen.getByRole('heading', { name: 'Bình luận' })).toBeTruthy();
    await waitFor(() => expect(observers).toHaveLength(1));
    expect(observers[0]!.target).toBe(screen.getByTestId('blog-comments'));
    expect(observers[0]!.options?.rootMargin).toMatch(/^0px 0px \d+(px|%) 0px$/);

    // Still far below: nothing is fetched.
    report(false);
    expect(screen.queryByText('Đang tải bình luận…')).toBeNull();
    expect(requests).toHaveLength(0);

    report(true);
    expect(await screen.findByText('Bài viết rất hữu ích')).toBeTruthy();
    expect(requests.map((r) => [r.method, r.url])).toEqual([['GET', '/api/blog/posts/p1/comments']]);
    // Seen once is enough: the observer is gone.
    expect(observers).toHaveLength(0);
    expect(screen.getByText('Đăng nhập', { exact: false })).toBeTruthy();
  });

  test('a signed-in reader writes one, which waits for a moderator', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'bearer-token');
    renderComments();
    await waitFor(() => expect(observers).toHaveLength(1));
    expect(screen.queryByTestId('comment-body')).toBeNull();
    report(true);
    fireEvent.change(await screen.findByTestId('comment-body'), { target: { value: 'Cảm ơn' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect((await screen.findByTestId('comment-notice')).textContent).toContain('sau khi được duyệt');
    expect(screen.getByTestId('comment-pending')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ url: '/api/blog/posts/p1/comments', body: JSON.stringify({ body: 'Cảm ơn' }), auth: 'Bearer bearer-token' });
  });
});
