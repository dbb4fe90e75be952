import { createFileRoute } from '@tanstack/react-router';
import { studioRoute } from '../../../features/studio/shell/studio-route.ts';
import { ImageEditingScreen } from '../../../features/studio/image-editing/ImageEditingScreen.tsx';

/** The image editing studio: its title, messages and incoming links come from the studio registry. */
export const Route = createFileRoute('/_app/_studio/image-editing')({ ...studioRoute('image-editing'), component: ImageEditingScreen });
