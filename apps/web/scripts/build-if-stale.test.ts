import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentSourceHash, isBuildCurrent, sourceHash, writeSourceManifest } from './build-if-stale.ts';

describe('the web build is skipped only when its inputs are the same', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  const repo = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bops-web-hash-'));
    roots.push(root);
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('apps/web/src/main.tsx', 'render()');
    write('apps/web/index.html', '<div id="root"></div>');
    write('packages/shared/src/index.ts', 'export {}');
    write('package-lock.json', '{}');
    return { root, write };
  };

  it('hashes content, not timestamps', () => {
    const { root, write } = repo();
    const before = sourceHash(root);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(sourceHash(root)).toBe(before);
    write('apps/web/src/main.tsx', 'render(2)');
    expect(sourceHash(root)).not.toBe(before);
    write('apps/web/src/main.tsx', 'render()');
    expect(sourceHash(root)).toBe(before);
  });

  it('sees new files, the shared package and the locked dependencies; ignores tests', () => {
    const { root, write } = repo();
    const before = sourceHash(root);
    write('apps/web/src/pages/page.test.tsx', 'test()');
    expect(sourceHash(root)).toBe(before);
    write('apps/web/src/pages/page.tsx', 'page()');
    const withPage = sourceHash(root);
    expect(withPage).not.toBe(before);
    write('packages/shared/src/index.ts', 'export const x = 1');
    expect(sourceHash(root)).not.toBe(withPage);
    const withShared = sourceHash(root);
    write('package-lock.json', '{"v":2}');
    expect(sourceHash(root)).not.toBe(withShared);
  });

  it('calls a build current only with the same stamp and a finished index.html', () => {
    const { root, write } = repo();
    const dist = path.join(root, 'apps/web/dist');
    const hash = sourceHash(root);
    expect(() => isBuildCurrent(hash, dist)).toThrow();
    write('apps/web/dist/.source-hash', `${hash}\n`);
    expect(isBuildCurrent(hash, dist)).toBe(false);
    write('apps/web/dist/index.html', '<html></html>');
    expect(isBuildCurrent(hash, dist)).toBe(true);
    expect(isBuildCurrent(hash.replace(/^./, 'x'), dist)).toBe(false);
  });

  it('reads no content while every size and time matches the manifest, and rehashes when one differs', () => {
    const { root, write } = repo();
    const manifestPath = path.join(root, 'manifest.json');
    const first = currentSourceHash(root, manifestPath);
    expect(first).toMatchObject({ hash: sourceHash(root), fromManifest: false });
    writeSourceManifest(first.hash, first.manifest, manifestPath);
    expect(currentSourceHash(root, manifestPath)).toMatchObject({ hash: first.hash, fromManifest: true });

    // Touched but unchanged: the times differ, so the contents are read, and they give the same hash.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/index.html'), later, later);
    expect(currentSourceHash(root, manifestPath)).toMatchObject({ hash: first.hash, fromManifest: false });

    // Changed to content of the same size: a new hash, however the manifest was written.
    write('apps/web/src/main.tsx', 'render[]');
    const changed = currentSourceHash(root, manifestPath);
    expect(changed.fromManifest).toBe(false);
    expect(changed.hash).not.toBe(first.hash);
    // A malformed manifest is ignored.
    fs.writeFileSync(manifestPath, '{"hash": 1}');
    expect(currentSourceHash(root, manifestPath)).toMatchObject({ hash: changed.hash, fromManifest: false });
  });
});
