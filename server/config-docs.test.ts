import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS } from './config.ts';

describe('README configuration table', () => {
  it('lists every variable the server reads, with its default', async () => {
    const readme = await readFile(resolve(import.meta.dirname, '../README.md'), 'utf8');
    const rows = new Map([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]));
    for (const variable of CONFIG_DOCS) {
      expect(rows.has(variable.name), `${variable.name} is missing from the README table`).toBe(true);
      // An empty default is written as a note in italics, e.g. *(unset)*.
      const expected = variable.default === '' ? /^\*\(.+\)\*$/ : new RegExp(`^\`${variable.default.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`$`);
      expect(rows.get(variable.name), variable.name).toMatch(expected);
    }
  });
});
