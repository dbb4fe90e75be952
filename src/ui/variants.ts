/**
 * A class-name picker over vanilla-extract styles: the base class plus one class per variant,
 * each variant falling back to its default. It does what `recipe()` of
 * @vanilla-extract/recipes did for the button, card and chip, without that package's runtime
 * (about 0.7 KB gzip on every page, the public pages included): the styles stay in `*.css.ts`
 * files as `style()` and `styleVariants()`, and this function only joins their class names.
 */

/** Each variant's options, as the class name `styleVariants()` gave each. */
type VariantClasses = Record<string, Record<string, string>>;

/** The option a caller picks per variant; `true`/`false` for a variant whose options are those. */
export type VariantSelection<V extends VariantClasses> = {
  [K in keyof V]?: (keyof V[K] extends 'true' | 'false' ? boolean : never) | Extract<keyof V[K], string>;
};

export function variants<V extends VariantClasses>(
  base: string,
  classes: V,
  defaults: { [K in keyof V]: Extract<keyof V[K], string> },
): (selection?: VariantSelection<V>) => string {
  const names = Object.keys(classes) as Array<keyof V & string>;
  return (selection = {}) => {
    let className = base;
    for (const name of names) {
      const picked = selection[name];
      // undefined (a prop left out) takes the default, as recipe() did.
      const option = picked === undefined ? defaults[name] : String(picked);
      const variantClass = classes[name]?.[option];
      if (variantClass) className += ` ${variantClass}`;
    }
    return className;
  };
}
