import type { ReactNode } from 'react';
import * as f from './form.css.ts';

/** One question of a studio's own form (body, hair, edit mode): its legend, its answers laid out by `className`, then any notes under them. */
export function OptionGroup({ legend, className, after, children }: { legend: ReactNode; className: string; after?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={f.fieldset}>
      <legend className={f.legend}>{legend}</legend>
      <div className={className}>{children}</div>
      {after}
    </fieldset>
  );
}
