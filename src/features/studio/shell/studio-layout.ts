import { createContext, useContext } from 'react';

/**
 * How a studio screen lays out its flow:
 *  - `steps` (the studios, /virtual-tryon…): the step indicator, Back / Next, and the job's
 *    processing and result screens in place of the form;
 *  - `page` (the legacy studios, /virtual-tryon-legacy…, in the public layout): the whole form
 *    on one page beside its output (the processing screen, then the result), no steps; the form
 *    stays filled after a result, so a change and Generate again is one click.
 * The screen is the same component in both; the route that shows it chooses (one-page.tsx).
 */
export type StudioLayout = 'steps' | 'page';

export const StudioLayoutContext = createContext<StudioLayout>('steps');

export function useStudioLayout(): StudioLayout {
  return useContext(StudioLayoutContext);
}
