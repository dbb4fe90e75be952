import type { EngineName, EnginePlan, Feature, GenerationRequest, PlanItemCode } from '../../contract/generations.ts';
import { useExpectedDurations } from './expected-duration.ts';
import { usePlanKit, type PlanKit } from './plan-kit.ts';

/** The engine that runs a tool now, as the server told it (GET /api/generations/expected-durations); null while unknown. */
export function useToolEngine(feature: Feature): EngineName | null {
  return useExpectedDurations()?.items.find((item) => item.feature === feature)?.engine ?? null;
}

/**
 * The plan of a request on the engine that runs its tool, decided here as the server will
 * (src/contract/local-engine-plan.ts, in the plan kit), with the kit that shows it: no plan while
 * the engine is unknown (the server's refusal then carries it), when the engine does what it is
 * asked (fal), while the kit loads, or when the request is not complete (`request` null, or an
 * input the engine needs is missing).
 */
export function useEnginePlan(request: GenerationRequest | null): { plan: EnginePlan | null; kit: PlanKit | null } {
  const engines = useExpectedDurations();
  const engine = request ? (engines?.items.find((item) => item.feature === request.feature)?.engine ?? null) : null;
  // Only the built-in engine has a plan: an engine that does what it is asked needs no kit.
  const kit = usePlanKit(engine === 'local');
  if (!engine || !request || !kit) return { plan: null, kit };
  if (engine === 'local' && kit.prerequisite(request)) return { plan: null, kit };
  return { plan: kit.planFor(engine, request), kit };
}

/** The request with the not-done items the person agreed to (their codes), as the submit sends it. */
export function withAccepted<R extends GenerationRequest>(request: R, accepted: readonly PlanItemCode[] | undefined): R {
  return accepted && accepted.length > 0 ? { ...request, accept_not_done: [...accepted] } : request;
}

