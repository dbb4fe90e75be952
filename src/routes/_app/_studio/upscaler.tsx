import { createFileRoute } from '@tanstack/react-router';
import { studioRoute } from '../../../features/studio/shell/studio-route.ts';
import { UpscalerScreen } from '../../../features/studio/upscaler/UpscalerScreen.tsx';

/** The upscaler studio, image and video modes: its title, messages and incoming links come from the studio registry. */
export const Route = createFileRoute('/_app/_studio/upscaler')({ ...studioRoute('upscaler'), component: UpscalerScreen });
