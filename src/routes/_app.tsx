import { createFileRoute } from '@tanstack/react-router';
import { StudioLayout } from '../features/shell/sidebar/StudioLayout.tsx';

/** The studio's sidebar layout; each page below declares its own guard. */
export const Route = createFileRoute('/_app')({
  component: StudioLayout,
});
