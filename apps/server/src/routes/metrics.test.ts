import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, type TestRuntime } from '../test/test-runtime.ts';

const token = 'metrics-token-for-the-test-0123';

describe('Prometheus metrics', () => {
  let runtime: TestRuntime;
  let off: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime('pglite', { env: { METRICS_TOKEN: token } });
    off = await startTestRuntime('pglite');
  });
  afterAll(async () => {
    await runtime?.destroy();
    await off?.destroy();
  });
  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    runtime.app!.inject({ method: 'GET', url: '/api/metrics', headers });

  it('are absent without METRICS_TOKEN and refuse a missing or wrong bearer token', async () => {
    expect((await off.app!.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    const missing = await scrape({});
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape({ authorization: `Bearer ${token}x` })).statusCode).toBe(401);
    expect((await scrape({ authorization: `Basic ${token}` })).statusCode).toBe(401);
  });

  it(
    'count requests by route pattern, jobs by type and outcome, and show the queue and the CPU pool',
    { timeout: 60_000 },
    async () => {
      for (let i = 0; i < 3; i++) await runtime.app!.inject({ method: 'GET', url: '/api/health' });
      await runtime.app!.inject({ method: 'GET', url: '/api/music/getMusic/no-such-song' });
      await runtime.queue.send('delete-files', { keys: ['metrics-test/nothing-here'] });
      await runtime.cpu.run('warm-up', {});
      const body = await waitFor(
        async () => {
          const text = (await scrape()).body;
          return /bops_jobs_total\{type="delete-files",outcome="done"\} 1/.test(text) && text;
        },
        30_000,
        'the job to be counted',
      );
      const response = await scrape();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(body).toMatch(/bops_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 3/);
      // Ids never become label values.
      expect(body).not.toContain('no-such-song');
      expect(body).toMatch(
        /bops_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health"\}/,
      );
      expect(body).toMatch(/bops_job_duration_seconds_count\{type="delete-files"\} 1/);
      expect(body).toMatch(/bops_job_queue_depth\{type="render-rap",state="waiting"\} \d+/);
      expect(body).toMatch(/bops_cpu_pool_tasks\{state="running"\} 0/);
      expect(body).toMatch(/bops_cpu_pool_threads \d+/);
      expect(body).toMatch(/bops_process_resident_memory_bytes \d+/);
    },
  );

  it('record how fast audio renders against its length', () => {
    runtime.metrics!.observeRender('render-rap', 3, 60);
    return scrape().then((response) => {
      expect(response.body).toMatch(/bops_render_real_time_factor_bucket\{le="0\.05",task="render-rap"\} 1/);
    });
  });
});
