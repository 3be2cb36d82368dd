import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LinkImportError, UPLOAD_INSTEAD } from './link-import-error.ts';

export interface YtDlpLocation {
  available: boolean;
  path: string | null;
  /** Why link import is off, in words the web app can show. */
  reason: string | null;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The configured yt-dlp, else the first `yt-dlp` on PATH; looked up once at start. */
export function findYtDlp(configured: string | null, searchPath = process.env.PATH ?? ''): YtDlpLocation {
  if (configured) {
    const resolved = path.resolve(configured);
    return isExecutableFile(resolved)
      ? { available: true, path: resolved, reason: null }
      : {
          available: false,
          path: null,
          reason: `Song links can't be imported on this server (YTDLP_PATH is not a program it can run).`,
        };
  }
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, 'yt-dlp');
    if (isExecutableFile(candidate)) return { available: true, path: candidate, reason: null };
  }
  return {
    available: false,
    path: null,
    reason: "Song links can't be imported on this server (its downloader, yt-dlp, isn't installed).",
  };
}

export interface YtDlpArgsInput {
  url: string;
  extractors: readonly string[];
  proxyUrl: string;
  outputDir: string;
  maxBytes: number;
  maxDurationSeconds: number;
}

/** The output file's name inside the download's own directory; yt-dlp fills in the extension. */
export const OUTPUT_STEM = 'song';

/**
 * yt-dlp's whole command line. Every part is ours: the link is the guard's canonical rebuild and sits after
 * `--`, so nothing a person types can become an option.
 */
export function buildYtDlpArgs(input: YtDlpArgsInput): string[] {
  const size = `filesize<?${input.maxBytes}`;
  return [
    '--ignore-config',
    '--no-playlist',
    '--use-extractors',
    input.extractors.join(','),
    // Audio alone where the site offers it; sites that only serve one muxed file (TikTok, Instagram) get that.
    '-f',
    `bestaudio[${size}]/best[${size}]`,
    '--match-filters',
    `!is_live & duration<=${input.maxDurationSeconds}`,
    '--max-filesize',
    String(input.maxBytes),
    '--proxy',
    input.proxyUrl,
    '--hls-prefer-native',
    '--no-cache-dir',
    '--no-mtime',
    '--no-progress',
    '--socket-timeout',
    '20',
    '--retries',
    '2',
    '-o',
    path.join(input.outputDir, `${OUTPUT_STEM}.%(ext)s`),
    '--',
    input.url,
  ];
}

export interface YtDlpRun {
  program: string;
  args: string[];
  /** A fresh directory only this download writes to; removed on failure. */
  dir: string;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** How often the directory is measured while the download runs. */
  pollMs?: number;
  /** The match filter's limit, for the message when a song is longer. */
  maxDurationSeconds?: number;
}

export interface YtDlpResult {
  file: string;
  bytes: number;
  /** yt-dlp's last output lines, for the operator's log. */
  output: string;
}

/** Bytes every file under `dir` holds (yt-dlp writes `.part` and fragment files beside the output). */
async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await fs.promises.lstat(path.join(entry.parentPath, entry.name))).size;
    } catch {
      // Renamed or removed between the listing and the stat.
    }
  }
  return total;
}

/** Names of unfinished downloads yt-dlp leaves while it works. */
const PARTIAL = /\.(part|ytdl|temp|tmp)$|\.part-Frag\d+/;

const OUTPUT_TAIL_CHARS = 4000;

function describeMiB(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function describeDuration(ms: number): string {
  const [amount, unit] =
    ms >= 120_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.max(1, Math.round(ms / 1000)), 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** Reads yt-dlp's own words for what went wrong and answers with ours. */
export function classifyFailure(output: string, maxDurationSeconds = 600): LinkImportError {
  const text = output.toLowerCase();
  const detail = output.slice(-OUTPUT_TAIL_CHARS);
  const error = (code: ConstructorParameters<typeof LinkImportError>[0], message: string) =>
    new LinkImportError(code, message, { detail });
  if (/does not pass filter|is_live|live event|is live|premieres in/.test(text)) {
    return error(
      'too-long',
      `That link is a live stream or a song longer than ${Math.round(maxDurationSeconds / 60)} minutes. Pick a shorter song, or upload a file of at most ${Math.round(maxDurationSeconds / 60)} minutes.`,
    );
  }
  if (/larger than max-filesize|file is larger than/.test(text)) {
    return error('too-large', `That song is too large to import. ${UPLOAD_INSTEAD}`);
  }
  if (
    /private video|video is private|sign in|log in|login|requires authentication|members-only|confirm your age|age-restricted|not available in your country|geo.?restrict|video unavailable|this video is unavailable|has been removed|does not exist|not found|http error 404/.test(
      text,
    )
  ) {
    return error(
      'not-public',
      `That song isn't public (it is private, removed, or needs a sign-in). Use a public share link, or download the song and upload the file instead.`,
    );
  }
  if (/unsupported url|no video formats|requested format is not available|no suitable/.test(text)) {
    // Short links (fb.watch, on.soundcloud.com, …) need an extractor that knows them; older yt-dlp releases
    // don't, and the generic extractor that would follow the redirect is never used.
    return error(
      'unsupported',
      `We couldn't find a song to download at that link. If it is a short link, open it and paste the full address it shows; or download the song and upload the file instead.`,
    );
  }
  if (
    /tunnel connection failed|unable to connect to proxy|proxyerror|connection refused|timed out|network is unreachable|name or service not known|temporary failure in name resolution|urlopen error|unable to download|ssl|certificate|connection reset|remote end closed|http error (403|429|5\d\d)/.test(
      text,
    )
  ) {
    return error('unreachable', `We couldn't reach that site from this server. ${UPLOAD_INSTEAD}`);
  }
  return error('failed', `We couldn't download the song from that link. ${UPLOAD_INSTEAD}`);
}

/** Process groups of downloads still running, killed if Bops exits first (they run detached). */
const runningGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function trackGroup(pid: number): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const group of runningGroups) killGroup(group);
    });
  }
  runningGroups.add(pid);
}

/**
 * Runs one download: kills yt-dlp (and anything it started) when the directory grows past the byte cap, the
 * wall clock runs out or the caller aborts, and deletes the directory on every failure.
 */
export async function runYtDlp(run: YtDlpRun): Promise<YtDlpResult> {
  const { dir, maxBytes, timeoutMs, signal } = run;
  const removeDir = () => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3 });
  if (signal?.aborted) {
    await removeDir();
    throw new LinkImportError('aborted', 'The song download was cancelled.');
  }
  const child = spawn(run.program, run.args, {
    cwd: dir,
    // Bops's own settings (database, storage keys, session secret) stay out of a program that talks to the
    // internet; no proxy variables either, so --proxy is the only way out.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dir,
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      PYTHONDONTWRITEBYTECODE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a kill reaches ffmpeg or anything else it starts.
    detached: true,
  });
  if (child.pid !== undefined) trackGroup(child.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS * 2);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let stopped: LinkImportError | null = null;
  const stop = (reason: LinkImportError) => {
    if (stopped) return;
    stopped = reason;
    if (child.pid !== undefined) killGroup(child.pid);
    else child.kill('SIGKILL');
  };
  const exited = new Promise<{ code: number | null; spawnError: Error | null }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, spawnError: error }));
    child.once('close', (code) => resolve({ code, spawnError: null }));
    // 'close' waits for the output pipes; something that left the process group could hold them open forever.
    child.once('exit', (code) => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        resolve({ code, spawnError: null });
      }, 2000).unref();
    });
  });

  const tooLarge = () =>
    new LinkImportError(
      'too-large',
      `That song is larger than ${describeMiB(maxBytes)}, so the download was stopped. ${UPLOAD_INSTEAD}`,
    );
  let measuring = false;
  const poll = setInterval(() => {
    if (measuring) return;
    measuring = true;
    void directoryBytes(dir)
      .then((bytes) => {
        if (bytes > maxBytes) stop(tooLarge());
      })
      .finally(() => {
        measuring = false;
      });
  }, run.pollMs ?? 100);
  const timer = setTimeout(
    () =>
      stop(
        new LinkImportError(
          'timeout',
          `The song took longer than ${describeDuration(timeoutMs)} to download, so it was stopped. ${UPLOAD_INSTEAD}`,
        ),
      ),
    timeoutMs,
  );
  const onAbort = () => stop(new LinkImportError('aborted', 'The song download was cancelled.'));
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const { code, spawnError } = await exited;
    // Anything yt-dlp started and left behind stops before its directory is read or removed.
    if (child.pid !== undefined) killGroup(child.pid);
    if (stopped) throw stopped;
    if (spawnError) {
      throw new LinkImportError(
        'unavailable',
        `Song links can't be imported on this server right now. ${UPLOAD_INSTEAD}`,
        {
          cause: spawnError,
        },
      );
    }
    if (code !== 0) throw classifyFailure(output, run.maxDurationSeconds);
    const names = await fs.promises.readdir(dir);
    const finished = names.filter((name) => name.startsWith(`${OUTPUT_STEM}.`) && !PARTIAL.test(name));
    if (finished.length !== 1) {
      // yt-dlp exits 0 when the match filter skips a video; anything else here is a download that went wrong.
      throw finished.length === 0 && /does not pass filter/i.test(output)
        ? classifyFailure(output, run.maxDurationSeconds)
        : new LinkImportError('failed', `We couldn't download the song from that link. ${UPLOAD_INSTEAD}`, {
            detail: output.slice(-OUTPUT_TAIL_CHARS),
          });
    }
    const file = path.join(dir, finished[0]!);
    const bytes = (await fs.promises.lstat(file)).size;
    if ((await directoryBytes(dir)) > maxBytes) throw tooLarge();
    if (bytes === 0) {
      throw new LinkImportError('failed', `The download from that link was empty. ${UPLOAD_INSTEAD}`);
    }
    return { file, bytes, output: output.slice(-OUTPUT_TAIL_CHARS) };
  } catch (error) {
    await removeDir();
    throw error;
  } finally {
    if (child.pid !== undefined) runningGroups.delete(child.pid);
    clearInterval(poll);
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
