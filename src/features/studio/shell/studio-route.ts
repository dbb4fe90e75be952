import { loadStudio } from '../catalogs.ts';
import { STUDIOS, type StudioId } from '../../registry/studios.ts';
import { incomingAssetSearchSchema } from '../../assets/incoming-asset.ts';

/**
 * What every studio route declares, from the studio's registry entry: `?asset=<id>&as=<role>`
 * (an asset to start with; the screen takes it, then drops both), the title and description of
 * the page, and a loader that loads the studio's messages before it renders. The guard and the
 * device restriction are the `_studio` layout's (src/routes/_app/_studio.tsx). In a route file:
 * `createFileRoute('/_app/_studio/<id>')({ ...studioRoute('<id>'), component: Screen })`.
 */
export function studioRoute(id: StudioId) {
  const studio = STUDIOS[id];
  return {
    validateSearch: incomingAssetSearchSchema,
    staticData: { title: studio.name, description: studio.description },
    loader: () => loadStudio(id),
  };
}
