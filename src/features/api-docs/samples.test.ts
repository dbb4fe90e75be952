import { describe, expect, it } from 'vitest';
import { FIXTURE } from './fixture.test-data.ts';
import { listOperations, type OpenApiDocument } from './openapi.ts';
import { apiBase, codeSamples, exampleOf, pythonLiteral } from './samples.ts';

const base = apiBase(FIXTURE, 'https://atelier.example');
const op = (id: string) => listOperations(FIXTURE).find((o) => o.id === id)!;
const samples = (id: string) => codeSamples(FIXTURE, op(id), base);

describe('the code samples of an operation', () => {
  it('call the page’s origin followed by the document’s relative server, or an absolute server as is', () => {
    expect(base).toBe('https://atelier.example/v1');
    expect(apiBase({ ...FIXTURE, servers: [{ url: 'https://api.atelier.vn/v1/' }] }, 'https://atelier.example')).toBe('https://api.atelier.vn/v1');
    expect(apiBase({ ...FIXTURE, servers: undefined }, 'https://atelier.example')).toBe('https://atelier.example');
  });

  it('a GET with query parameters: the required ones and those with an example, the token from the environment', () => {
    const { curl, javascript, python } = samples('op-listgenerations');
    expect(curl).toBe(`curl 'https://atelier.example/v1/generations?feature=virtual-tryon&limit=20' \\
  -H "Authorization: Bearer $ATELIER_API_TOKEN"`);
    expect(javascript).toBe(`const response = await fetch('https://atelier.example/v1/generations?feature=virtual-tryon&limit=20', {
  headers: {
    Authorization: \`Bearer \${process.env.ATELIER_API_TOKEN}\`,
  },
});
console.log(response.status, await response.json());`);
    expect(python).toBe(`import os

import requests

response = requests.get(
    "https://atelier.example/v1/generations",
    headers={
        "Authorization": f"Bearer {os.environ['ATELIER_API_TOKEN']}",
    },
    params={
        "feature": "virtual-tryon",
        "limit": 20,
    },
)
print(response.status_code, response.json())`);
  });

  it('a JSON POST with a fresh Idempotency-Key per call and the body built from the schema’s first variant', () => {
    const { curl, javascript, python } = samples('op-creategeneration');
    expect(curl).toBe(`curl -X POST 'https://atelier.example/v1/generations' \\
  -H "Authorization: Bearer $ATELIER_API_TOKEN" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H 'Content-Type: application/json' \\
  -d '{
  "feature": "image-editing",
  "inputs": {
    "images": [
      "ast_8f2k"
    ]
  },
  "params": {
    "prompt": "Đổi nền thành màu be"
  },
  "webhook_url": "https://shop.example/hooks/atelier"
}'`);
    expect(javascript).toBe(`const response = await fetch('https://atelier.example/v1/generations', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.ATELIER_API_TOKEN}\`,
    'Idempotency-Key': crypto.randomUUID(),
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    "feature": "image-editing",
    "inputs": {
      "images": [
        "ast_8f2k"
      ]
    },
    "params": {
      "prompt": "Đổi nền thành màu be"
    },
    "webhook_url": "https://shop.example/hooks/atelier"
  }),
});
console.log(response.status, await response.json());`);
    expect(python).toBe(`import os
import uuid

import requests

response = requests.post(
    "https://atelier.example/v1/generations",
    headers={
        "Authorization": f"Bearer {os.environ['ATELIER_API_TOKEN']}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    json={
        "feature": "image-editing",
        "inputs": {
            "images": [
                "ast_8f2k",
            ],
        },
        "params": {
            "prompt": "Đổi nền thành màu be",
        },
        "webhook_url": "https://shop.example/hooks/atelier",
    },
)
print(response.status_code, response.json())`);
  });

  it('a multipart upload: the file part from disk, the other fields with their example', () => {
    const { curl, javascript, python } = samples('op-uploadmedia');
    expect(curl).toBe(`curl -X POST 'https://atelier.example/v1/media' \\
  -H "Authorization: Bearer $ATELIER_API_TOKEN" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -F 'file=@photo.jpg' \\
  -F 'purpose=input'`);
    expect(javascript).toBe(`import { openAsBlob } from 'node:fs';

const form = new FormData();
form.append('file', await openAsBlob('photo.jpg'), 'photo.jpg');
form.append('purpose', 'input');

const response = await fetch('https://atelier.example/v1/media', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.ATELIER_API_TOKEN}\`,
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: form,
});
console.log(response.status, await response.json());`);
    expect(python).toBe(`import os
import uuid

import requests

response = requests.post(
    "https://atelier.example/v1/media",
    headers={
        "Authorization": f"Bearer {os.environ['ATELIER_API_TOKEN']}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    files={
        "file": open("photo.jpg", "rb"),
    },
    data={
        "purpose": "input",
    },
)
print(response.status_code, response.json())`);
  });

  it('an operation without security sends no token; a path parameter without example shows where it goes', () => {
    const open = samples('op-openapi');
    expect(open.curl).toBe(`curl 'https://atelier.example/v1/openapi.json'`);
    expect(open.javascript).toBe(
      `const response = await fetch('https://atelier.example/v1/openapi.json');\nconsole.log(response.status, await response.json());`,
    );
    expect(open.python).toBe(
      `import requests\n\nresponse = requests.get(\n    "https://atelier.example/v1/openapi.json",\n)\nprint(response.status_code, response.json())`,
    );
    expect(samples('op-getgeneration').curl).toBe(`curl 'https://atelier.example/v1/generations/<id>' \\\n  -H "Authorization: Bearer $ATELIER_API_TOKEN"`);
  });

  it('quotes what the shell and JavaScript would otherwise read: a quote in a value', () => {
    const doc: OpenApiDocument = {
      ...FIXTURE,
      paths: { '/notes': { post: { operationId: 'note', requestBody: { content: { 'application/json': { example: { text: "it's" } } } } } } },
    };
    const [note] = listOperations(doc);
    const { curl } = codeSamples(doc, note!, base);
    expect(curl).toContain(`-d '{\n  "text": "it'\\''s"\n}'`);
  });
});

describe('example values', () => {
  it('follow refs, take the first enum value, skip null variants and stop on a recursive schema', () => {
    expect(exampleOf(FIXTURE, { $ref: '#/components/schemas/Feature' })).toBe('virtual-tryon');
    expect(exampleOf(FIXTURE, { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] })).toBe(3);
    const loop: OpenApiDocument = {
      ...FIXTURE,
      components: { schemas: { Node: { type: 'object', required: ['next'], properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    };
    expect(JSON.stringify(exampleOf(loop, { $ref: '#/components/schemas/Node' }))).toBe('{"next":{"next":{"next":{"next":{"next":{"next":{"next":null}}}}}}}');
  });

  it('write Python literals: True, False, None, nested lists and dicts', () => {
    expect(pythonLiteral({ a: [true, null], b: false, c: {} })).toBe('{\n    "a": [\n        True,\n        None,\n    ],\n    "b": False,\n    "c": {},\n}');
  });
});
