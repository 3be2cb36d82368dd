import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from './config.ts';

const repoFile = (name: string) => new URL(`../../../../${name}`, import.meta.url);
const read = (name: string) => fs.readFileSync(repoFile(name), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  /** Keys set for Bops: the shared settings block and the api and worker services' environments. */
  const bopsSettingKeys = () => {
    const keys: string[] = [];
    let inBops = false;
    for (const line of compose.split('\n')) {
      if (/^\S/.test(line)) inBops = line.startsWith('x-bops-settings');
      else if (/^ {2}\S/.test(line))
        inBops = /^ {2}(api|worker):/.test(line) || (inBops && /^ {2}[A-Z]/.test(line));
      const key = /^\s+([A-Z][A-Z0-9_]+):/.exec(line)?.[1];
      if (inBops && key) keys.push(key);
    }
    return keys;
  };

  it('sets only settings Bops reads, and the ones a scaled-out Bops needs', () => {
    const keys = bopsSettingKeys();
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(ENVIRONMENT_VARIABLES, `${key} in compose.yaml`).toContain(key);
    for (const needed of ['DATABASE_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'AUTH_SECRET', 'PUBLIC_URL']) {
      expect(keys).toContain(needed);
    }
  });

  it('runs the API and the workers with the roles the package scripts start', () => {
    expect(compose).toMatch(/ {2}api:\n(?: {4}.*\n)*? {4}command: \['api'\]/);
    expect(compose).toMatch(/ {2}worker:\n(?: {4}.*\n)*? {4}command: \['worker'\]/);
    expect(scripts.api).toBe('node apps/server/src/main.ts api');
    expect(scripts.worker).toBe('node apps/server/src/main.ts worker');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('runs only package scripts that exist', () => {
    const runs = [...dockerfile.matchAll(/npm run (\S+)/g)].map((m) => m[1]!);
    expect(runs).toContain('build');
    for (const script of runs) expect(Object.keys(scripts), `npm run ${script}`).toContain(script);
  });

  it('starts the server the way the package scripts do, as a user without privileges, with a health check', () => {
    const entrypoint = JSON.parse(/^ENTRYPOINT (.+)$/m.exec(dockerfile)![1]!) as string[];
    const cmd = JSON.parse(/^CMD (.+)$/m.exec(dockerfile)![1]!) as string[];
    expect([...entrypoint, ...cmd].join(' ')).toBe('node apps/server/src/main.ts all');
    expect(scripts.start).toMatch(/node apps\/server\/src\/main\.ts$/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^FROM node:24-slim$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('copies only paths that exist', () => {
    for (const [, source] of dockerfile.matchAll(/^COPY (?!--from)(\S+) /gm)) {
      for (const path of source!.split(' ')) expect(fs.existsSync(repoFile(path)), path).toBe(true);
    }
  });
});
