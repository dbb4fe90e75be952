import { test, expect } from '@playwright/test';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Lingui macros must be compiled away at build time. If the Babel preset is not applied
 * (for example when it is passed to react({ babel }), which Vite 8 ignores), the bundle keeps
 * the macro stub, which throws at run time.
 */
test('the built bundle contains no uncompiled Lingui macro', async () => {
  const assets = join(process.cwd(), 'dist', 'assets');
  const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const code = await readFile(join(assets, file), 'utf8');
    expect(code, file).not.toContain('is being executed outside the context of compilation');
    expect(code, file).not.toMatch(/@lingui\/(core|react)\/macro/);
  }
  // And the compiled messages are really there: a Vietnamese UI string survives as a message.
  const all = (await Promise.all(files.map((f) => readFile(join(assets, f), 'utf8')))).join('\n');
  expect(all).toContain('Đã xảy ra lỗi');
});
