import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, startTestRuntime, testDatabaseKinds, type TestRuntime } from './test/test-runtime.ts';

describe.each(testDatabaseKinds)('HTTP application on %s', (kind) => {
  let runtime: TestRuntime;
  let webDir: string;

  beforeAll(async () => {
    webDir = await makeTempDir('bops-web-');
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Bops AI</title><div id="root"></div>',
    );
    await fs.writeFile(
      path.join(webDir, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    runtime = await startTestRuntime(kind, {
      env: { BODY_LIMIT_BYTES: '2048' },
      start: { webDistDir: webDir },
    });
  });

  afterAll(async () => {
    await runtime?.destroy();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('answers the health check in the API envelope', async () => {
    const response = await runtime.app!.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      data: {
        status: 'ok',
        version: expect.any(String),
        database: kind,
        storage: 'local',
        role: 'all',
        checks: { database: 'ok', storage: 'ok', queue: 'ok' },
        tools: { ytDlp: expect.stringMatching(/^(available|missing)$/), mail: 'outbox' },
      },
    });
  });

  it('tells which part fails, with 503 for the load balancer', async () => {
    const stat = vi.spyOn(runtime.storage, 'stat').mockRejectedValueOnce(new Error('bucket gone'));
    const response = await runtime.app!.inject({ method: 'GET', url: '/api/health' });
    stat.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      statusCode: 503,
      data: { status: 'failing', checks: { database: 'ok', storage: 'failing', queue: 'ok' } },
    });
    expect((await runtime.app!.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await runtime.app!.inject({ method: 'POST', url: '/api/does-not-exist', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is nothing at POST /api/does-not-exist.',
    });
  });

  it('refuses malformed JSON with 400 and no stack trace', async () => {
    const response = await runtime.app!.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses an oversized body with 413', async () => {
    const response = await runtime.app!.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large (the limit is 2048 bytes).');
  });

  it('serves the web app with a SPA fallback and cache rules', async () => {
    const page = await runtime.app!.inject({
      method: 'GET',
      url: '/playlist/abc',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Bops AI</title>');
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await runtime.app!.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    const missingAsset = await runtime.app!.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('sends a real Content-Security-Policy and hardening headers', async () => {
    const response = await runtime.app!.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
