import type { ReactNode } from 'react';
import { DocText } from './DocText.tsx';
import { Trans } from '@lingui/react/macro';
import { deref, isRef, refName, typesOf, variantsOf, type OpenApiDocument, type SchemaObject } from './openapi.ts';
import * as s from './api-docs.css.ts';

/** A schema's type in a few characters: `Generation`, `array<Asset>`, `string`, `"image-editing"`. */
export function typeLabel(schema: SchemaObject | undefined): string {
  if (!schema) return 'any';
  if (isRef(schema)) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = variantsOf(schema);
  if (variants.length === 1) return typeLabel(variants[0]);
  if (variants.length > 1) return variants.map((variant) => typeLabel(variant)).join(' | ');
  const { types } = typesOf(schema);
  if (types.includes('array') || (types.length === 0 && schema.items)) return `array<${typeLabel(schema.items)}>`;
  if (types.length === 0) return schema.properties ? 'object' : schema.allOf ? 'allOf' : 'any';
  return `${types.join(' | ')}${schema.format ? ` (${schema.format})` : ''}`;
}

/** The object whose fields a schema shows (through refs, arrays, a single non-null variant and allOf). */
function fieldsOf(doc: OpenApiDocument, input: SchemaObject | undefined, hops = 0): SchemaObject | undefined {
  const schema = deref<SchemaObject>(doc, input);
  if (!schema || hops > 4) return undefined;
  if (schema.properties) return schema;
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => fieldsOf(doc, part, hops + 1)).filter((part) => part !== undefined);
    return { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required ?? []) };
  }
  const variants = variantsOf(schema);
  if (variants.length === 1) return fieldsOf(doc, variants[0], hops + 1);
  if (schema.items) return fieldsOf(doc, schema.items, hops + 1);
  return undefined;
}

/** The union's variants to show one by one, through refs and arrays. */
function unionOf(doc: OpenApiDocument, input: SchemaObject | undefined): SchemaObject[] {
  const schema = deref<SchemaObject>(doc, input);
  if (!schema) return [];
  const variants = variantsOf(schema);
  if (variants.length > 1) return variants;
  if (variants.length === 1) return unionOf(doc, variants[0]);
  return schema.items ? unionOf(doc, schema.items) : [];
}

/** A variant's name: its ref, its title, or the value of its `const` discriminator (`feature: "image-editing"`). */
function variantName(doc: OpenApiDocument, variant: SchemaObject, index: number): string {
  if (isRef(variant)) return refName(variant.$ref);
  if (variant.title) return variant.title;
  const constant = Object.entries(deref<SchemaObject>(doc, variant)?.properties ?? {}).find(([, p]) => p.const !== undefined);
  return constant ? `${constant[0]}: ${JSON.stringify(constant[1].const)}` : `#${index + 1}`;
}

const refsOf = (schema: SchemaObject | undefined): string[] => (schema?.$ref ? [schema.$ref] : schema?.items?.$ref ? [schema.items.$ref] : []);

interface Props {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  /** `$ref`s already open above: a schema that contains itself is named, not unfolded forever. */
  seen?: readonly string[];
}

/**
 * A readable view of a JSON schema: each field with its type, whether it is required or may be
 * null, its allowed values, limits and description; nested objects fold open on demand (native
 * `<details>`: keyboard and touch work without script).
 */
export function SchemaView({ doc, schema, seen = [] }: Props) {
  const opened = [...seen, ...refsOf(schema)];
  const loop = refsOf(schema).find((ref) => seen.includes(ref));
  if (loop) {
    const name = refName(loop);
    return (
      <p className={s.schemaNote} data-testid="schema-loop">
        <Trans>{name} (lặp lại cấu trúc ở trên)</Trans>
      </p>
    );
  }
  const variants = unionOf(doc, schema);
  if (variants.length > 0) {
    return (
      <div className={s.schema} data-testid="schema-union">
        <p className={s.schemaNote}>
          <Trans>Một trong các dạng sau:</Trans>
        </p>
        {variants.map((variant, index) => (
          <details key={index} className={s.fold}>
            <summary className={s.foldSummary}>
              <code>{variantName(doc, variant, index)}</code>
            </summary>
            <SchemaView doc={doc} schema={variant} seen={opened} />
          </details>
        ))}
      </div>
    );
  }
  const object = fieldsOf(doc, schema);
  if (!object) return <Facts doc={doc} schema={deref<SchemaObject>(doc, schema)} />;
  return (
    <ul className={s.schema} data-testid="schema-fields">
      {Object.entries(object.properties ?? {}).map(([name, property]) => (
        <Field key={name} doc={doc} name={name} schema={property} required={object.required?.includes(name) ?? false} seen={opened} />
      ))}
    </ul>
  );
}

function Field({
  doc,
  name,
  schema,
  required,
  seen,
}: {
  doc: OpenApiDocument;
  name: string;
  schema: SchemaObject;
  required: boolean;
  seen: readonly string[];
}) {
  const head = (
    <>
      <code className={s.fieldName}>{name}</code> <span className={s.fieldType}>{typeLabel(schema)}</span>
      {required ? (
        <span className={s.required} data-testid="schema-required">
          <Trans>bắt buộc</Trans>
        </span>
      ) : null}
    </>
  );
  const nested = fieldsOf(doc, schema) !== undefined || unionOf(doc, schema).length > 0;
  return (
    <li className={s.field} data-testid="schema-field" data-field={name}>
      {nested ? (
        <details className={s.fold}>
          <summary className={s.foldSummary}>{head}</summary>
          <Facts doc={doc} schema={deref<SchemaObject>(doc, schema)} />
          <SchemaView doc={doc} schema={schema} seen={seen} />
        </details>
      ) : (
        <>
          <div>{head}</div>
          <Facts doc={doc} schema={deref<SchemaObject>(doc, schema)} />
        </>
      )}
    </li>
  );
}

/** `1–100`, `1–…`, or null without bounds. */
const range = (low: number | undefined, high: number | undefined) => (low !== undefined || high !== undefined ? `${low ?? '…'}–${high ?? '…'}` : null);

/** Description, null, allowed values and limits of one schema. */
function Facts({ doc, schema }: { doc: OpenApiDocument; schema: SchemaObject | undefined }) {
  if (!schema) return null;
  const { nullable } = typesOf(schema);
  const values = schema.enum ?? deref<SchemaObject>(doc, schema.items)?.enum;
  const limits: ReactNode[] = [];
  const numbers = range(schema.minimum, schema.maximum);
  const length = range(schema.minLength, schema.maxLength);
  const items = range(schema.minItems, schema.maxItems);
  if (numbers) limits.push(<Trans key="n">giá trị {numbers}</Trans>);
  if (length) limits.push(<Trans key="l">độ dài {length} ký tự</Trans>);
  if (items) limits.push(<Trans key="i">{items} phần tử</Trans>);
  if (schema.default !== undefined) {
    const value = JSON.stringify(schema.default);
    limits.push(<Trans key="d">mặc định {value}</Trans>);
  }
  if (!schema.description && !nullable && !values && limits.length === 0) return null;
  return (
    <div className={s.facts}>
      {schema.description ? (
        <p className={s.fieldDescription}>
          <DocText text={schema.description} />
        </p>
      ) : null}
      {nullable ? (
        <span className={s.badge} data-testid="schema-nullable">
          <Trans>có thể là null</Trans>
        </span>
      ) : null}
      {limits.map((limit, index) => (
        <span key={index} className={s.badge}>
          {limit}
        </span>
      ))}
      {values ? (
        <p className={s.enumLine} data-testid="schema-enum">
          <Trans>Giá trị cho phép:</Trans>{' '}
          {values
            .filter((value) => value !== null)
            .map((value) => (
              <code key={String(value)} className={s.enumValue}>
                {JSON.stringify(value)}
              </code>
            ))}
        </p>
      ) : null}
    </div>
  );
}
