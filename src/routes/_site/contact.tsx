import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { pageCatalogs } from '../../features/site/page-catalogs.ts';
import { CONTACT_META } from '../../features/site/pages/contact/meta.ts';
import ContactPage from '../../features/site/pages/contact/ContactPage.tsx';

export const Route = createFileRoute('/_site/contact')({
  staticData: CONTACT_META,
  // The page's catalog loader ships with its screen, not in the script every SPA page loads.
  codeSplitGroupings: [['loader', 'component']],
  loader: () => addCatalog(pageCatalogs.contact),
  component: ContactPage,
});
