// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { FIXTURE } from './fixture.test-data.ts';
import type { OpenApiDocument, SchemaObject } from './openapi.ts';
import { SchemaView, typeLabel } from './SchemaView.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

const show = (schema: SchemaObject, doc: OpenApiDocument = FIXTURE) => renderWithProviders(<SchemaView doc={doc} schema={schema} />);

/** The first field row named `name` (top level first: document order). */
const field = (name: string) => document.querySelector<HTMLElement>(`[data-testid="schema-field"][data-field="${name}"]`)!;
const values = (name: string) => [...within(field(name)).getByTestId('schema-enum').querySelectorAll('code')].map((c) => c.textContent);
const head = (name: string) => (field(name).querySelector(':scope > details > summary, :scope > div') as HTMLElement).textContent;

describe('the schema view', () => {
  it('resolves a $ref to its fields, each with its type and whether it is required', () => {
    show({ $ref: '#/components/schemas/Generation' });
    const top = screen.getAllByTestId('schema-fields')[0]!;
    expect([...top.querySelectorAll(':scope > li')].map((li) => (li as HTMLElement).dataset.field)).toEqual(['id', 'feature', 'status', 'results', 'error']);
    expect(head('id')).toBe('id stringbắt buộc');
    expect(head('feature')).toBe('feature Featurebắt buộc');
    expect(head('error')).toBe('error ApiError');
  });

  it('shows an array’s item type and unfolds the item’s fields', () => {
    show({ $ref: '#/components/schemas/Generation' });
    expect(head('results')).toBe('results array<Asset>bắt buộc');
    const results = field('results');
    expect(results.querySelector('details')).not.toBeNull();
    expect([...within(results).getAllByTestId('schema-field')].map((li) => li.dataset.field)).toEqual(['id', 'kind', 'url', 'width']);
  });

  it('lists an enum’s allowed values, for a field and through a $ref', () => {
    show({ $ref: '#/components/schemas/Generation' });
    expect(values('status')).toEqual(['"queued"', '"processing"', '"completed"', '"failed"', '"cancelled"']);
    expect(values('feature')).toHaveLength(7);
  });

  it('marks nullable fields: a 3.1 type list and an anyOf with null; others are not', () => {
    show({ $ref: '#/components/schemas/Asset' });
    expect(within(field('width')).getByTestId('schema-nullable').textContent).toBe('có thể là null');
    expect(within(field('width')).queryByTestId('schema-required')).toBeNull();
    expect(within(field('id')).queryByTestId('schema-nullable')).toBeNull();
    cleanup();
    show({ $ref: '#/components/schemas/Generation' });
    // The error's own facts come before its unfolded fields.
    expect(within(field('error')).getAllByTestId('schema-nullable')[0]!.closest('li')).toBe(field('error'));
    expect(within(field('status')).queryByTestId('schema-nullable')).toBeNull();
    expect(typeLabel({ anyOf: [{ $ref: '#/components/schemas/ApiError' }, { type: 'null' }] })).toBe('ApiError');
  });

  it('shows a union as its variants, named by their discriminator', () => {
    show({ $ref: '#/components/schemas/V1GenerationRequest' });
    const union = screen.getByTestId('schema-union');
    expect(union.querySelector('p')!.textContent).toBe('Một trong các dạng sau:');
    expect([...union.querySelectorAll(':scope > details > summary')].map((s) => s.textContent)).toEqual([
      'feature: "image-editing"',
      'feature: "body-generator"',
    ]);
  });

  it('names a schema that contains itself instead of unfolding it forever', () => {
    const doc: OpenApiDocument = {
      ...FIXTURE,
      components: {
        schemas: {
          Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
        },
      },
    };
    show({ $ref: '#/components/schemas/Node' }, doc);
    expect(head('children')).toBe('children array<Node>');
    expect(screen.getByTestId('schema-loop').textContent).toBe('Node (lặp lại cấu trúc ở trên)');
  });

  it('shows limits and defaults of a plain value', () => {
    show({ type: 'object', required: ['limit'], properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size' } } });
    expect(field('limit').textContent).toBe('limit integerbắt buộcPage sizegiá trị 1–100mặc định 20');
  });
});
