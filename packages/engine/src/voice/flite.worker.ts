// A flite thread (see flite-pool.ts): runs the commands its parent sends, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { runFliteHere, type FliteCommand } from './flite-wasi.ts';

const module = (workerData as { module: WebAssembly.Module }).module;

parentPort!.on('message', async ({ id, command }: { id: number; command: FliteCommand }) => {
  try {
    const output = await runFliteHere(module, command);
    parentPort!.postMessage({ id, output }, output.wav ? [output.wav.buffer as ArrayBuffer] : []);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
