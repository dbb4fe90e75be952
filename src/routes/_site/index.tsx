import { createFileRoute } from '@tanstack/react-router';
import { addCatalog } from '../../lib/i18n.ts';
import { sitePages } from '../../features/site/pages.ts';
import HomePage from '../../features/site/pages/home/HomePage.tsx';

export const Route = createFileRoute('/_site/')({
  staticData: { title: sitePages.home.title, description: sitePages.home.description },
  loader: () => addCatalog(sitePages.home.catalog),
  component: HomePage,
});
