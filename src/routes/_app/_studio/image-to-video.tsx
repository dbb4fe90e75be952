import { createFileRoute } from '@tanstack/react-router';
import { studioRoute } from '../../../features/studio/shell/studio-route.ts';
import { ImageToVideoScreen } from '../../../features/studio/image-to-video/ImageToVideoScreen.tsx';

/** The image-to-video studio: its title, messages and incoming links come from the studio registry. */
export const Route = createFileRoute('/_app/_studio/image-to-video')({ ...studioRoute('image-to-video'), component: ImageToVideoScreen });
