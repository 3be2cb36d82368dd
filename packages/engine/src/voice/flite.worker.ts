// A flite thread (see flite-pool.ts): runs the commands its parent sends, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import type * as FliteWasi from './flite-wasi.ts';
import { isWasiNotice } from './wasi-notice.ts';

const { module, dir } = workerData as { module: WebAssembly.Module; dir: string };

// Node calls WASI experimental once in every thread that loads it (on import); the thread that started
// this one decides what it tells its operator, so that notice stops here, and WASI is loaded after.
// Other warnings still print.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (isWasiNotice(warning)) return;
  process.stderr.write(`${warning.name}: ${warning.message}\n`);
});
// Loaded with the first command, not by a top-level await: a thread ended while its module still awaits at the top
// level can take the whole process down with it (a known V8 fault), and the pool ends these threads with their parent.
let wasi: Promise<typeof FliteWasi> | undefined;

async function run({ id, command }: { id: number; command: FliteWasi.FliteCommand }): Promise<void> {
  try {
    const { runFliteHere } = await (wasi ??= import('./flite-wasi.ts'));
    const output = await runFliteHere(module, dir, command);
    parentPort!.postMessage({ id, output }, output.wav ? [output.wav.buffer as ArrayBuffer] : []);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

// One command at a time: every run holds a 17 MB instance, and a song's lines arrive all at once.
let queue = Promise.resolve();
parentPort!.on('message', (message: { id: number; command: FliteWasi.FliteCommand }) => {
  queue = queue.then(() => run(message));
});
