import { createFileRoute } from '@tanstack/react-router';
import { studioRoute } from '../../../features/studio/shell/studio-route.ts';
import { BodyGeneratorScreen } from '../../../features/studio/body-generator/BodyGeneratorScreen.tsx';

/** The body generator studio: its title, messages and incoming links come from the studio registry. */
export const Route = createFileRoute('/_app/_studio/body-generator')({ ...studioRoute('body-generator'), component: BodyGeneratorScreen });
