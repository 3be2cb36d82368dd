import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { WASI } from 'node:wasi';

/** What one run of the flite command printed, and the WAV it wrote when asked for one. */
export interface FliteOutput {
  stdout: string;
  wav?: Uint8Array;
}

/** One flite command: its arguments; with `writesWav` the name of a WAV to write is appended. */
export interface FliteCommand {
  args: string[];
  writesWav?: boolean;
}

let callCount = 0;

/**
 * Runs the flite CLI inside WASI on this thread and returns what it printed (and wrote). Each call
 * gets a fresh instance: the command's C runtime cannot be started twice.
 */
export async function runFliteHere(
  module: WebAssembly.Module,
  dir: string,
  { args, writesWav }: FliteCommand,
): Promise<FliteOutput> {
  const call = `${threadId}-${callCount++}`;
  const stdoutPath = join(dir, `out-${call}.txt`);
  const wavName = writesWav ? `line-${call}.wav` : undefined;
  const wavPath = wavName ? join(dir, wavName) : undefined;
  const fd = openSync(stdoutPath, 'w+');
  try {
    try {
      const wasi = new WASI({
        version: 'preview1',
        args: ['flite', ...args, ...(wavName ? [wavName] : [])],
        preopens: { '.': dir },
        stdout: fd,
        returnOnExit: true,
      });
      const instance = await WebAssembly.instantiate(module, wasi.getImportObject() as WebAssembly.Imports);
      const code = wasi.start(instance);
      if (code !== 0) throw new Error(`flite exited with code ${code}`);
    } finally {
      closeSync(fd);
    }
    const stdout = readFileSync(stdoutPath, 'utf8');
    if (!wavPath) return { stdout };
    if (!existsSync(wavPath)) throw new Error('flite wrote no audio');
    return { stdout, wav: new Uint8Array(readFileSync(wavPath)) };
  } finally {
    // A failed command leaves nothing behind either.
    rmSync(stdoutPath, { force: true });
    if (wavPath) rmSync(wavPath, { force: true });
  }
}
