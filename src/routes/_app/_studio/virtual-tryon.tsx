import { createFileRoute } from '@tanstack/react-router';
import { studioRoute } from '../../../features/studio/shell/studio-route.ts';
import { VirtualTryOnScreen } from '../../../features/studio/virtual-tryon/VirtualTryOnScreen.tsx';

/** The virtual try-on studio: its title, messages and incoming links come from the studio registry. */
export const Route = createFileRoute('/_app/_studio/virtual-tryon')({ ...studioRoute('virtual-tryon'), component: VirtualTryOnScreen });
