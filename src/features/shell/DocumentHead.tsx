import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';
import { pageMeta } from '../../lib/page-meta.ts';

/**
 * Keeps the document title and description in step with the deepest route that declares them
 * (routes declare them with `head`, which the pre-renderer also writes into the HTML), and
 * reveals the page once it is rendered in the reader's language.
 */
export function DocumentHead() {
  const { i18n } = useLingui();
  const matches = useRouterState({ select: (s) => s.matches });
  const meta = pageMeta(matches, i18n);
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
  useEffect(() => {
    delete document.documentElement.dataset.relocalize;
  }, []);
  return null;
}
