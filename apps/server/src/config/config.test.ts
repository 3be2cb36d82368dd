import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENVIRONMENT_VARIABLES, loadConfig } from './config.ts';

it('documents every environment variable in the README configuration table', () => {
  const readme = fs.readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const tableRows = readme.split('\n').filter((line) => line.startsWith('| `'));
  const documented = new Set(
    tableRows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])),
  );
  expect(ENVIRONMENT_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  expect([...documented].filter((name) => !ENVIRONMENT_VARIABLES.includes(name!))).toEqual([]);
});

describe('loadConfig', () => {
  it('gives embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('./data/db') });
    expect(config.storage).toEqual({ kind: 'local', dir: path.resolve('./data/files') });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('names the variable and what it expects when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT expected a whole number between 1 and 65535 (got "eighty")',
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT expected at most 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL expected a URL starting with postgres:/,
    );
    expect(() => loadConfig({ LOG_PRETTY: 'maybe' })).toThrow(/LOG_PRETTY expected true or false/);
  });

  it('switches to PostgreSQL and S3 when configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/bops',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'bops',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    });
    expect(config.database.kind).toBe('postgres');
    expect(config.storage.kind).toBe('s3');
  });

  it('refuses half of an S3 setup and a lone worker on the embedded database', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ S3_BUCKET: 'bops', S3_ACCESS_KEY_ID: 'a' })).toThrow(/must be set together/);
    expect(() => loadConfig({}, 'worker')).toThrow(/DATABASE_URL is required to run the worker role/);
  });
});
