/**
 * Everything the plan kit (../plan-kit.ts) loads, as one module so it comes in one request: the
 * built-in engine's planning and the plan's words and components.
 */
export { enginePlanFor as planFor, localEnginePrerequisite as prerequisite } from '../../../contract/local-engine-plan.ts';
export * as words from './words.ts';
export { PlanSummary } from './PlanSummary.tsx';
export { AgreeLabel, PlanNotice } from './PlanNotice.tsx';
