import { createFileRoute } from '@tanstack/react-router';
import { sitePages } from '../../features/site/pages.ts';
import AboutPage from '../../features/site/pages/AboutPage.tsx';

export const Route = createFileRoute('/_site/about')({
  staticData: { title: sitePages.about.title, description: sitePages.about.description },
  component: AboutPage,
});
