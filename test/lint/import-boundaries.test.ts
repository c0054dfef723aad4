import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('rejects an engine module importing electron', async () => {
    expect(await ruleIdsFor('src-engine/fetch/example.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
  });

  it('rejects an engine module importing the desktop shell or the UI', async () => {
    expect(await ruleIdsFor('src-engine/jobs/example.ts', "import { x } from '../../src-main/settings.js';\nexport const a = x;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src-engine/jobs/example.ts', "import { x } from '../../src-renderer/api/client.js';\nexport const a = x;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('rejects a renderer module importing engine internals', async () => {
    expect(await ruleIdsFor('src-renderer/api/example.ts', "import { x } from '../../src-engine/jobs/job-manager.js';\nexport const a = x;\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('lets the renderer import the engine contracts', async () => {
    expect(await ruleIdsFor('src-renderer/api/example.ts', "import { x } from '../../src-engine/contracts/index.js';\nexport const a = x;\n")).toEqual([]);
  });

  it('lets the engine import its own modules', async () => {
    expect(await ruleIdsFor('src-engine/jobs/example.ts', "import { x } from '../store/store.js';\nexport const a = x;\n")).toEqual([]);
  });
});
