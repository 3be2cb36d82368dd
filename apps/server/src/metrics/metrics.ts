import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the metrics read at scrape time from the parts that own the numbers. */
export interface MetricSources {
  /** Jobs waiting (ready now) and running, by job type. */
  queueDepth?: () => Promise<Array<{ type: string; waiting: number; running: number }>>;
  /** The CPU worker pool now. */
  cpuPool?: () => { running: number; queued: number; threads: number };
}

/**
 * Bops's Prometheus metrics: HTTP requests by route, jobs by type, the job queue, the CPU pool and how fast
 * audio renders. One registry per process (never the library's global one), so tests and several runtimes in
 * one process stay apart.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly #httpDuration: Histogram<'method' | 'route'>;
  readonly #jobs: Counter<'type' | 'outcome'>;
  readonly #jobDuration: Histogram<'type'>;
  readonly #renderRealTimeFactor: Histogram<'task'>;

  constructor(sources: MetricSources = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'bops_' });
    this.#httpRequests = new Counter({
      name: 'bops_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#httpDuration = new Histogram({
      name: 'bops_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#jobs = new Counter({
      name: 'bops_jobs_total',
      help: 'Background jobs finished, by type and outcome (done or failed; a failed attempt may be retried).',
      labelNames: ['type', 'outcome'],
      registers,
    });
    this.#jobDuration = new Histogram({
      name: 'bops_job_duration_seconds',
      help: 'Time a job attempt ran, by type.',
      labelNames: ['type'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
    this.#renderRealTimeFactor = new Histogram({
      name: 'bops_render_real_time_factor',
      help: 'Wall time of an audio render divided by the length of the audio it made (below 1 is faster than real time).',
      labelNames: ['task'],
      buckets: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2],
      registers,
    });
    const queueDepth = sources.queueDepth;
    if (queueDepth) {
      new Gauge({
        name: 'bops_job_queue_depth',
        help: 'Jobs by type and state (waiting: ready to run; running).',
        labelNames: ['type', 'state'],
        registers,
        async collect() {
          this.reset();
          for (const { type, waiting, running } of await queueDepth()) {
            this.set({ type, state: 'waiting' }, waiting);
            this.set({ type, state: 'running' }, running);
          }
        },
      });
    }
    const cpuPool = sources.cpuPool;
    if (cpuPool) {
      new Gauge({
        name: 'bops_cpu_pool_tasks',
        help: 'CPU tasks in this process: running on a thread, or queued for one.',
        labelNames: ['state'],
        registers,
        collect() {
          const now = cpuPool();
          this.set({ state: 'running' }, now.running);
          this.set({ state: 'queued' }, now.queued);
        },
      });
      new Gauge({
        name: 'bops_cpu_pool_threads',
        help: 'Worker threads alive in this process.',
        registers,
        collect() {
          this.set(cpuPool().threads);
        },
      });
    }
  }

  /** One answered request; `route` is the route's pattern (never the raw URL, which would be unbounded). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#httpRequests.inc({ method, route, status: String(status) });
    this.#httpDuration.observe({ method, route }, seconds);
  }

  observeJob(type: string, outcome: 'done' | 'failed', seconds: number): void {
    this.#jobs.inc({ type, outcome });
    this.#jobDuration.observe({ type }, seconds);
  }

  /** A finished CPU task that made audio: its wall time against the audio's length. */
  observeRender(task: string, wallSeconds: number, audioSeconds: number): void {
    if (audioSeconds > 0) this.#renderRealTimeFactor.observe({ task }, wallSeconds / audioSeconds);
  }

  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
