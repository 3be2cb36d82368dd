// A minimal worker-thread entry used by tests to prove the engine runs off the main thread and
// that its results survive structured cloning. The server uses its own pool (piscina) the same way.
import { parentPort, workerData } from 'node:worker_threads';
import { renderRap, type RapRequest } from './rap-renderer.ts';

const phases: string[] = [];
const result = await renderRap(workerData as RapRequest, {
  onProgress: (phase, fraction) => fraction === 0 && phases.push(phase),
});
parentPort!.postMessage({ result, phases });
