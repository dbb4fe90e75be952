import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { pageCatalogs } from '../../features/site/page-catalogs.ts';
import { API_DOCS_META } from '../../features/api-docs/meta.ts';
import ApiDocsPage from '../../features/api-docs/ApiDocsPage.tsx';

/** The public API's documentation (docs/product-rules.md#api-docs), no sign-in. */
export const Route = createFileRoute('/_site/api-docs')({
  staticData: API_DOCS_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.apiDocs),
  component: ApiDocsPage,
});
