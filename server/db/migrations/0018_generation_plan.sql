-- What the engine does of a job's request and what it does not (docs/product-rules.md#engine-plan).
--
-- Written at submit with the plan the request was accepted on (an engine that cannot do
-- everything asked refuses, or asks the person to accept the rest, before anything is charged),
-- and replaced at completion by what the engine reports it did. JSON of EnginePlanSchema
-- (src/contract/engine-plan.ts): { done: [...], not_done: [...] }. NULL for an engine that does
-- everything asked, and for jobs from before plans.
ALTER TABLE generations ADD COLUMN plan jsonb;
