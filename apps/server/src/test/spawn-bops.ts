import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { encodeWav, synthVoice } from '@bops/engine';
import { cookieHeaderFrom } from './factories.ts';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));

/** How a process ended: its exit code, or the signal that ended it. */
export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export interface SpawnedProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<ExitStatus>;
  /** How the process ended, or null while it runs. */
  exitStatus(): ExitStatus | null;
}

/** Runs a TypeScript entry point in a child Node process (the same Node that runs the tests). */
export function spawnScript(file: string, args: string[], env: Record<string, string>): SpawnedProcess {
  // The test process's WebAssembly flags (see vitest.config.ts) hold for the child too.
  const wasmFlags = process.execArgv.filter((flag) => flag.startsWith('--wasm-'));
  const child = spawn(process.execPath, [...wasmFlags, file, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  let status: ExitStatus | null = null;
  const exited = new Promise<ExitStatus>((resolve) =>
    child.on('exit', (code, signal) => resolve((status = { code, signal }))),
  );
  return { child, stdout: () => out, stderr: () => err, exited, exitStatus: () => status };
}

/** Starts `node apps/server/src/main.ts` the way `npm start` does (minus the web build). */
export function spawnBops(env: Record<string, string>, role?: string): SpawnedProcess {
  return spawnScript(mainFile, role ? [role] : [], env);
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Throws with the end of its error output if `bops` has exited: nothing it should answer will come. */
export function assertStillRunning(bops: SpawnedProcess): void {
  const status = bops.exitStatus();
  if (status)
    throw new Error(
      `Bops exited (code ${status.code}, signal ${status.signal}) while a test waited on it:\n${bops.stderr().slice(-4000)}`,
    );
}

export async function waitForHealth(port: number, timeoutMs = 90_000): Promise<void> {
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok,
    timeoutMs,
    `Bops on port ${port} to answer /api/health`,
  );
}

// Each test file runs in a worker that Vitest numbers among those running at once (VITEST_POOL_ID), so a
// block of 100 ports per number never overlaps another file's; process ids 10 apart did, under a full run.
let nextPort = 18_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 100) * 100;
export function freePort(): number {
  return nextPort++;
}

/** Headers a signed-in person's JSON requests to a spawned Bops carry: cookie, origin and content-type. */
export type HttpSession = Record<string, string>;

/** Makes a local account on a Bops running at `base`, over HTTP, and returns its session's headers. */
export async function signUpOverHttp(base: string, email: string, name: string): Promise<HttpSession> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'long enough pass', name, acceptedTerms: true }),
  });
  if (response.status !== 200)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return {
    cookie: cookieHeaderFrom(response.headers.getSetCookie()),
    origin: base,
    'content-type': 'application/json',
  };
}

/** The `data` of a JSON answer from a spawned Bops, failing on any status but 200. */
export async function dataOf<T>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  if (answer.status !== 200)
    throw new Error(`${answer.url} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
}

/**
 * Asks a Bops at `base` for a rap over HTTP (MC Volt, no beat of the catalogue): its song's id, and a
 * function reading its creation's status.
 */
export async function createRapOverHttp(
  base: string,
  headers: HttpSession,
  fields: { musicName: string; musicContext: string; contactEmail?: string },
): Promise<{ musicId: string; status: () => Promise<string> }> {
  const { task_id: taskId, musicId } = await dataOf<{ task_id: string; musicId: string }>(
    fetch(`${base}/api/music/createMusic/v3`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...fields, artist_id: 'mc-volt', mixmusic_id: 'na' }),
    }),
  );
  const status = async () =>
    (await dataOf<{ status: string }>(fetch(`${base}/api/music/creations/${taskId}`, { headers }))).status;
  return { musicId, status };
}

/**
 * Makes an AI singer over HTTP from `seconds` of a synthetic voice: its id, and a function reading
 * its status.
 */
export async function createSingerOverHttp(
  base: string,
  headers: HttpSession,
  nickname: string,
  seconds: number,
): Promise<{ id: string; status: () => Promise<string> }> {
  const body = new FormData();
  body.set('voice_clone_nickname', nickname);
  body.set('terms', 'true');
  body.set(
    'audio',
    new Blob([encodeWav({ sampleRate: 16000, channels: [synthVoice({ seconds })] })], { type: 'audio/wav' }),
    'voice.wav',
  );
  const { voiceProfileId } = await dataOf<{ voiceProfileId: string }>(
    fetch(`${base}/api/music/voice_clone/create/v2`, {
      method: 'POST',
      headers: { cookie: headers.cookie ?? '', origin: base },
      body,
    }),
  );
  const status = async () =>
    (
      await dataOf<{ status: string }>(
        fetch(`${base}/api/music/voice_clone/retrieve`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ voice_clone_id: voiceProfileId }),
        }),
      )
    ).status;
  return { id: voiceProfileId, status };
}
