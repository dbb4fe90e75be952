import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { sitePages } from '../../features/site/pages.ts';
import ApiDocsPage from '../../features/api-docs/ApiDocsPage.tsx';

/** The public API's documentation (docs/product-rules.md#api-docs), no sign-in. */
export const Route = createFileRoute('/_site/api-docs')({
  staticData: { title: sitePages.apiDocs.title, description: sitePages.apiDocs.description },
  loader: () => addCatalog(sitePages.apiDocs.catalog),
  component: ApiDocsPage,
});
