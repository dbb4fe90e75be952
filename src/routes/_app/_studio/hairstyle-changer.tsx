import { createFileRoute } from '@tanstack/react-router';
import { studioRoute } from '../../../features/studio/shell/studio-route.ts';
import { HairstyleChangerScreen } from '../../../features/studio/hairstyle/HairstyleChangerScreen.tsx';

/** The hairstyle changer studio: its title, messages and incoming links come from the studio registry. */
export const Route = createFileRoute('/_app/_studio/hairstyle-changer')({ ...studioRoute('hairstyle-changer'), component: HairstyleChangerScreen });
