import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rules of eslint.config.js catch a wrong arrow (and let the right ones through). */
describe('the layers, as lint rules', () => {
  const eslint = new ESLint();
  const refused = async (filePath: string, code: string, rule = '@typescript-eslint/no-restricted-imports') => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === rule).length > 0;
  };

  it('keeps the web client to the pure shared modules', async () => {
    expect(await refused('web/src/lib/x.ts', "import { createDb } from '../../../db/index.js';\nexport const x = createDb;\n")).toBe(true);
    expect(await refused('web/src/lib/x.ts', "import { openLoader } from '@data/store/load';\nexport const x = openLoader;\n")).toBe(true);
    expect(await refused('web/src/lib/x.ts', "import { slugPath } from '@domain/paths';\nexport const x = slugPath;\n")).toBe(false);
  });

  it('keeps Koa, Ink and React out of data/ and db/, and the pipeline out of db/', async () => {
    expect(await refused('data/store/x.ts', "import Koa from 'koa';\nexport const x = Koa;\n")).toBe(true);
    expect(await refused('db/queries/x.ts', "import { openLoader } from '../../data/store/load.js';\nexport const x = openLoader;\n")).toBe(true);
    expect(await refused('db/queries/x.ts', "import type { SheetRow } from '../../data/import/pipeline.js';\nexport type X = SheetRow;\n")).toBe(true);
    expect(await refused('db/queries/x.ts', "import { slugifyText } from '../../domain/slug.js';\nexport const x = slugifyText;\n")).toBe(false);
    expect(await refused('db/queries/x.ts', "import { resolvePlace } from '../../data/places/resolve.js';\nexport const x = resolvePlace;\n")).toBe(true);
  });

  it('lets the import call the store, never the store the import', async () => {
    expect(await refused('data/store/x.ts', "import { normaliseRow } from '../import/business-row.js';\nexport const x = normaliseRow;\n")).toBe(true);
    expect(await refused('data/store/x.ts', "import type { SheetRow } from '../../data/import/pipeline.js';\nexport type X = SheetRow;\n")).toBe(true);
    expect(await refused('data/store/x.ts', "import Koa from 'koa';\nexport const x = Koa;\n")).toBe(true);
    expect(await refused('data/store/x.ts', "import { fieldText } from '../business/business-rules.js';\nexport const x = fieldText;\n")).toBe(false);
    expect(await refused('data/import/x.ts', "import { openLoader } from '../store/load.js';\nexport const x = openLoader;\n")).toBe(false);
  });

  it('keeps each web feature out of the others', async () => {
    const rule = 'rehber/feature-boundaries';
    const code = (from: string) => `import { useImports } from '${from}';\nexport const x = useImports;\n`;
    expect(await refused('web/src/features/stats/components/x.tsx', code('@/features/import/api/get-imports'), rule)).toBe(true);
    expect(await refused('web/src/features/stats/components/x.tsx', code('../../import/api/get-imports'), rule)).toBe(true);
    expect(await refused('web/src/features/stats/x.ts', code('../import/api/get-imports'), rule)).toBe(true);
    expect(await refused('web/src/features/import/components/x.tsx', code('../api/get-imports'), rule)).toBe(false);
    expect(await refused('web/src/features/import/components/x.tsx', code('@/features/import/api/get-imports'), rule)).toBe(false);
    expect(await refused('web/src/features/import/components/x.tsx', code('@/lib/api'), rule)).toBe(false);
    expect(await refused('web/src/app/routes/x.tsx', code('@/features/import/api/get-imports'), rule)).toBe(false);
  });

  it('keeps domain/ pure', async () => {
    expect(await refused('domain/x.ts', "import fs from 'node:fs';\nexport const x = fs;\n")).toBe(true);
    expect(await refused('domain/x.ts', "import { openLoader } from '../data/store/load.js';\nexport const x = openLoader;\n")).toBe(true);
  });
});
