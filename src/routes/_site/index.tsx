import { createFileRoute } from '@tanstack/react-router';
import { sitePages } from '../../features/site/pages.ts';
import HomePage from '../../features/site/pages/HomePage.tsx';

export const Route = createFileRoute('/_site/')({
  staticData: { title: sitePages.home.title, description: sitePages.home.description },
  component: HomePage,
});
