import type { ReactNode } from 'react';
import * as f from './form.css.ts';

/** One question of a studio's own form (body, hair, edit mode): its legend, then its answers laid out by `className`. */
export function OptionGroup({ legend, className, children }: { legend: ReactNode; className: string; children: ReactNode }) {
  return (
    <fieldset className={f.fieldset}>
      <legend className={f.legend}>{legend}</legend>
      <div className={className}>{children}</div>
    </fieldset>
  );
}
