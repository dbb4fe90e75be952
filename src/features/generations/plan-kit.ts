import { useEffect, useState } from 'react';
import type { EngineName, EnginePlan, GenerationMessageKey, GenerationRequest } from '../../contract/generations.ts';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';

/**
 * What showing an engine's plan needs (docs/product-rules.md#engine-plan), loaded the first time a
 * screen has a plan to show, so no studio's first load pays for it: the built-in engine's
 * planning (its edit vocabulary and colour words, src/contract/local-engine-plan.ts), the words of
 * the items and the summary that shows them (./plan/, the engine-plan catalog).
 */
export interface PlanKit {
  planFor: (engine: EngineName, request: GenerationRequest) => EnginePlan | null;
  prerequisite: (request: GenerationRequest) => GenerationMessageKey | null;
  words: typeof import('./plan/words.ts');
  PlanSummary: typeof import('./plan/PlanSummary.tsx').PlanSummary;
}

let kit: PlanKit | null = null;
let loading: Promise<PlanKit> | null = null;

/** Loads the kit once (its code and the engine-plan catalog); later calls share it. */
export function loadPlanKit(): Promise<PlanKit> {
  loading ??= Promise.all([import('../../contract/local-engine-plan.ts'), import('./plan/words.ts'), import('./plan/PlanSummary.tsx'), loadScreenCatalogs('engine-plan')]).then(
    ([planning, words, summary]) => (kit = { planFor: planning.enginePlanFor, prerequisite: planning.localEnginePrerequisite, words, PlanSummary: summary.PlanSummary }),
  );
  return loading;
}

/** The kit if it has loaded (what plain functions may use), else null. */
export const planKitNow = (): PlanKit | null => kit;

/** The kit once loaded; asks for it while `wanted` (a screen with a plan to show). */
export function usePlanKit(wanted: boolean): PlanKit | null {
  const [loaded, setLoaded] = useState(kit);
  useEffect(() => {
    if (wanted && !loaded) void loadPlanKit().then(setLoaded);
  }, [wanted, loaded]);
  return loaded ?? kit;
}
