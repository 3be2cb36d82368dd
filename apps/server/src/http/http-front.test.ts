import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { HealthResponse } from '@bops/shared/api/health';
import { freePort } from '../test/spawn-bops.ts';
import { listenEarly, type HttpFront } from './http-front.ts';

const healthy: HealthResponse = {
  status: 'ok',
  version: 'test',
  database: 'pglite',
  storage: 'local',
  role: 'all',
  checks: { database: 'ok', storage: 'ok', queue: 'ok' },
  tools: { ytDlp: 'missing', mail: 'outbox' },
};

describe('the server while Bops is still loading', () => {
  const fronts: HttpFront[] = [];
  afterEach(async () => {
    await Promise.all(fronts.splice(0).map((front) => front.close()));
  });

  const start = async (health: () => Promise<HealthResponse>) => {
    const port = freePort();
    const front = await listenEarly({ host: '127.0.0.1', port, health: { check: health } });
    fronts.push(front);
    return { front, url: (path: string) => `http://127.0.0.1:${port}${path}` };
  };

  it('answers health from its checks at once, holds other requests until the app is ready, then routes all', async () => {
    const { front, url } = await start(async () => healthy);
    const health = await fetch(url('/api/health'));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ statusCode: 200, data: healthy });

    let answered = false;
    const held = fetch(url('/api/songs?x=1'), { method: 'POST', body: 'hello' }).then(async (response) => {
      answered = true;
      return { status: response.status, body: await response.text() };
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);

    const app = Fastify();
    app.post('/api/songs', async (request) => `app saw ${String(request.body)}`);
    app.get('/api/health', async () => 'from the app');
    await app.ready();
    front.serve(app);
    expect(await held).toEqual({ status: 200, body: 'app saw hello' });
    expect(await (await fetch(url('/api/health'))).text()).toBe('from the app');
    await app.close();
  });

  it('reports a failing part with 503, and answers held requests with 503 when start-up fails', async () => {
    const { front, url } = await start(async () => ({
      ...healthy,
      status: 'failing',
      checks: { ...healthy.checks, queue: 'failing' },
    }));
    const health = await fetch(url('/api/health'));
    expect(health.status).toBe(503);
    expect(((await health.json()) as { data: HealthResponse }).data.checks.queue).toBe('failing');

    const held = fetch(url('/api/me'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    front.fail();
    const response = await held;
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/could not start/),
    });
  });

  it('lets start-up wait while a health check is being answered', async () => {
    let finish!: () => void;
    const { front, url } = await start(
      () => new Promise<HealthResponse>((resolve) => (finish = () => resolve(healthy))),
    );
    const health = fetch(url('/api/health'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    let idle = false;
    const waiting = front.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toBe(false);
    finish();
    await waiting;
    expect((await health).status).toBe(200);
  });

  it('pauses start-up for health checks after listening, unless someone waits for the app', async () => {
    const { front, url } = await start(async () => healthy);
    let started = performance.now();
    await front.pause(150);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    started = performance.now();
    const paused = front.pause(10_000);
    const held = fetch(url('/api/me'));
    await paused;
    expect(performance.now() - started).toBeLessThan(5_000);
    // With a request already held, there is no pause at all.
    started = performance.now();
    await front.pause(10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    front.fail();
    expect((await held).status).toBe(503);
  });
});
