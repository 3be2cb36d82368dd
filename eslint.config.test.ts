import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers eslint.config.js promises, proved on small snippets linted as if they sat at a path in the repo:
 * each rule fires on the import it forbids and stays quiet on the one the layer allows.
 */
const repo = path.dirname(new URL(import.meta.url).pathname);
const configFile = path.join(repo, 'eslint.config.js');
const eslint = new ESLint({ cwd: repo });

const layerRules = new Set(['no-restricted-imports', 'no-restricted-globals', 'import-x/no-cycle']);

/** The import-layer findings (rule and message) for `code` linted as the file at `filePath`. */
async function layerProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, filePath) });
  return result!.messages
    .filter((message) => layerRules.has(message.ruleId ?? ''))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

const importing = (specifier: string) =>
  `import * as imported from '${specifier}';\nexport const probe = imported;\n`;

describe('server layers: routes → services → repositories', () => {
  it('refuses a service or a repository importing a route or a job', async () => {
    expect(
      await layerProblems(
        'apps/server/src/services/probe.service.ts',
        importing('../routes/music.routes.ts'),
      ),
    ).toEqual([expect.stringContaining('Routes and jobs call services')]);
    expect(
      await layerProblems(
        'apps/server/src/repositories/probe.repository.ts',
        importing('../jobs/delete-files.job.ts'),
      ),
    ).toEqual([expect.stringContaining('Routes and jobs call services')]);
  });

  it('lets a service use a repository, and a route a service', async () => {
    expect(
      await layerProblems(
        'apps/server/src/services/probe.service.ts',
        importing('../repositories/music.repository.ts'),
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        'apps/server/src/routes/probe.routes.ts',
        importing('../services/music.service.ts'),
      ),
    ).toEqual([]);
  });
});

describe('services reach the database and the network through repositories', () => {
  const service = 'apps/server/src/services/probe.service.ts';

  it('refuses a service importing drizzle-orm or the db module, or calling fetch', async () => {
    for (const specifier of ['drizzle-orm', 'drizzle-orm/pg-core', '../db/database.ts', '../db/schema.ts']) {
      expect(await layerProblems(service, importing(specifier)), specifier).toEqual([
        expect.stringContaining('Services reach the database through a repository'),
      ]);
    }
    expect(
      await layerProblems(service, "export const probe = () => fetch('https://example.test/v1/models');\n"),
    ).toEqual([expect.stringContaining('Services call other hosts through a repository')]);
  });

  it('lets a service take types from db/, a repository use drizzle-orm, and a service test fetch', async () => {
    expect(
      await layerProblems(
        service,
        "import type { ReadCache } from '../db/read-cache.ts';\nexport type Probe = ReadCache;\n",
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        'apps/server/src/repositories/probe.repository.ts',
        importing('drizzle-orm') + "export const call = () => fetch('https://example.test/');\n",
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        'apps/server/src/services/probe.service.test.ts',
        importing('../db/database.ts') + "export const call = () => fetch('https://example.test/');\n",
      ),
    ).toEqual([]);
  });
});

describe("the server's main thread and the engine", () => {
  it('refuses the heavy engine outside the worker threads', async () => {
    for (const file of [
      'apps/server/src/services/probe.service.ts',
      'apps/server/src/http/probe.ts',
      // The pool hands tasks to the threads from the main thread.
      'apps/server/src/workers/cpu-pool.ts',
      'apps/server/src/workers/probe.ts',
    ]) {
      expect(await layerProblems(file, importing('@bops/engine')), file).toEqual([
        expect.stringContaining('The main thread imports only @bops/engine/catalog'),
      ]);
    }
  });

  it('allows the catalogue on the main thread and the whole engine in a worker thread', async () => {
    expect(
      await layerProblems('apps/server/src/services/probe.service.ts', importing('@bops/engine/catalog')),
    ).toEqual([]);
    for (const file of [
      'apps/server/src/workers/probe.worker.ts',
      'apps/server/src/workers/song-file-check.ts',
    ]) {
      expect(await layerProblems(file, importing('@bops/engine')), file).toEqual([]);
    }
  });
});

describe('the web store under the features', () => {
  it('refuses the store importing a feature folder or the runtime', async () => {
    for (const feature of ['../player/bops-player.ts', '../rap/rap-form.ts', '../runtime/app-runtime.ts']) {
      expect(await layerProblems('apps/web/src/store/probe.ts', importing(feature)), feature).toEqual([
        expect.stringContaining('The store sits under the features'),
      ]);
    }
  });

  it('lets the store use the API layer, and a feature use the store', async () => {
    expect(await layerProblems('apps/web/src/store/probe.ts', importing('../api/bops.api.ts'))).toEqual([]);
    expect(await layerProblems('apps/web/src/player/probe.ts', importing('../store/hooks.ts'))).toEqual([]);
  });
});

describe('import circles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bops-lint-'));
    await fs.writeFile(
      path.join(dir, 'left.ts'),
      "import { right } from './right.ts';\nexport const left = () => right;\n",
    );
    await fs.writeFile(
      path.join(dir, 'right.ts'),
      "import { left } from './left.ts';\nexport const right = () => left;\n",
    );
    await fs.writeFile(
      path.join(dir, 'alone.ts'),
      "import { right } from './right.ts';\nexport const alone = right;\n",
    );
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses two modules that import each other, and not a module that only imports', async () => {
    // The repo's own config, applied to files outside the repo so no real module is touched.
    const outside = new ESLint({ cwd: dir, overrideConfigFile: configFile });
    const results = await outside.lintFiles(['left.ts', 'right.ts', 'alone.ts']);
    const cycles = Object.fromEntries(
      results.map((result) => [
        path.basename(result.filePath),
        result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').length,
      ]),
    );
    expect(cycles).toEqual({ 'left.ts': 1, 'right.ts': 1, 'alone.ts': 0 });
  });
});
