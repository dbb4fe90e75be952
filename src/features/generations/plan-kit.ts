import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EngineName } from '../../contract/expected-durations.ts';
import type { EnginePlan } from '../../contract/engine-plan.schema.ts';
import type { Feature } from '../../contract/tools.ts';
import type { GenerationRequest } from '../../contract/generations.schema.ts';
import { loadScreenCatalogs } from '../../lib/i18n-app.ts';
import { expectedDurationsQueryOptions, useExpectedDurations } from './expected-duration.ts';

/**
 * What showing an engine's plan needs (docs/product-rules.md#engine-plan), loaded the first time a
 * screen has a plan to show, so no studio's first load pays for it: the built-in engine's
 * planning (its edit vocabulary and colour words, src/contract/local-engine-plan.ts), the words of
 * the items and the summary that shows them (./plan/, the engine-plan catalog).
 */
export type PlanKit = typeof import('./plan/kit.ts');

let kit: PlanKit | null = null;
let loading: Promise<PlanKit> | null = null;

/** Loads the kit once (its code and the engine-plan catalog); later calls share it. */
export function loadPlanKit(): Promise<PlanKit> {
  loading ??= Promise.all([import('./plan/kit.ts'), loadScreenCatalogs('engine-plan')]).then(([loaded]) => (kit = loaded));
  return loading;
}

/** The kit once loaded; asks for it while `wanted` (a screen with a plan to show). */
export function usePlanKit(wanted: boolean): PlanKit | null {
  const [loaded, setLoaded] = useState(kit);
  useEffect(() => {
    if (wanted && !loaded) void loadPlanKit().then(setLoaded);
  }, [wanted, loaded]);
  return loaded ?? kit;
}

/** The engine that runs a tool now, as the server told it (GET /api/generations/expected-durations); null while unknown. */
export function useToolEngine(feature: Feature | null): EngineName | null {
  return useExpectedDurations()?.items.find((item) => item.feature === feature)?.engine ?? null;
}

/** The plan of a request, or that it is still being worked out. */
export interface EnginePlanState {
  plan: EnginePlan | null;
  /**
   * The request is complete but what the engine will do of it is not known yet: the engine that
   * runs the tool is still being asked, or the built-in engine's planning is still loading.
   * Generate waits for it: a press in that moment would send no agreement to a plan done in part,
   * and the server would refuse it (partialPlan). When the engine cannot be asked (offline, an
   * error) nothing waits: the server decides, and its refusal carries the plan.
   */
  pending: boolean;
}

/**
 * The plan of a request on the engine that runs its tool, decided here as the server will
 * (src/contract/local-engine-plan.ts, in the plan kit), with the kit that shows it: no plan while
 * the engine is unknown (the server's refusal then carries it), when the engine does what it is
 * asked (fal), while the kit loads, or when the request is not complete (`request` null, or an
 * input the engine needs is missing).
 */
export function useEnginePlan(request: GenerationRequest | null): EnginePlanState {
  // One read of the engines' answer: the engine that runs the tool, and whether it is still being asked.
  const engines = useQuery(expectedDurationsQueryOptions());
  const engine = engines.data?.items.find((item) => item.feature === request?.feature)?.engine ?? null;
  // Only the built-in engine has a plan: an engine that does what it is asked needs no kit.
  const loaded = usePlanKit(engine === 'local');
  if (!request) return { plan: null, pending: false };
  if (!engine) return { plan: null, pending: engines.isPending && engines.fetchStatus === 'fetching' };
  if (engine !== 'local') return { plan: loaded ? loaded.planFor(engine, request) : null, pending: false };
  if (!loaded) return { plan: null, pending: true };
  if (loaded.prerequisite(request)) return { plan: null, pending: false };
  return { plan: loaded.planFor(engine, request), pending: false };
}

/** The request with the not-done items the person agreed to (their codes), as the submit sends it. */
export function withAccepted<R extends GenerationRequest>(request: R, accepted: readonly string[] | undefined): R {
  return accepted && accepted.length > 0 ? { ...request, accept_not_done: [...accepted] } : request;
}
