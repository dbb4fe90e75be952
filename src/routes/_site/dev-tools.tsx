import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { DevToolsPage } from '../../features/dev-tools/DevToolsPage.tsx';

/** The mail outbox for development (docs/product-rules.md#dev-tools: no sign-in guard; the server answers 404 when off). */
export const Route = createFileRoute('/_site/dev-tools')({
  staticData: { title: msg`Công cụ phát triển` },
  component: DevToolsPage,
});
