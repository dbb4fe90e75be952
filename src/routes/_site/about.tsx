import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { sitePages } from '../../features/site/pages.ts';
import AboutPage from '../../features/site/pages/about/AboutPage.tsx';

export const Route = createFileRoute('/_site/about')({
  staticData: { title: sitePages.about.title, description: sitePages.about.description },
  loader: () => addCatalog(sitePages.about.catalog),
  component: AboutPage,
});
