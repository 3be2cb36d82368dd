import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { CpuTaskName, CpuTasks } from './cpu-tasks.worker.ts';

/**
 * CPU-heavy work (audio rendering, analysis) runs on worker threads so the event loop that answers
 * HTTP requests never stalls behind it.
 */
export class CpuPool {
  readonly #pool: Piscina;

  constructor(options: { threads: number }) {
    this.#pool = new Piscina({
      filename: new URL('./cpu-tasks.worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 30_000,
    });
  }

  run<N extends CpuTaskName>(
    task: N,
    input: Parameters<CpuTasks[N]>[0],
    options: { signal?: AbortSignal; transferList?: Array<ArrayBuffer | MessagePort> } = {},
  ): Promise<Awaited<ReturnType<CpuTasks[N]>>> {
    return this.#pool.run(
      { task, input },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.transferList ? { transferList: options.transferList as never } : {}),
      },
    ) as Promise<Awaited<ReturnType<CpuTasks[N]>>>;
  }

  get threads(): number {
    return this.#pool.threads.length;
  }

  async close(): Promise<void> {
    await this.#pool.close({ force: true });
  }
}
