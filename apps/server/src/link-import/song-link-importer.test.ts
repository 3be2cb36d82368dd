import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EgressDecision, HostLookup } from './egress-proxy.ts';
import { LinkImportError } from './link-import-error.ts';
import { SongLinkImporter, type SongLinkImporterOptions } from './song-link-importer.ts';
import { findYtDlp } from './yt-dlp-runner.ts';

const SONG_LINK = 'https://youtu.be/dQw4w9WgXcQ?si=shared';
const CANONICAL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const MiB = 1024 * 1024;

let root: string;
let downloads: string;
let records: string;
const importers: SongLinkImporter[] = [];
const decisions: EgressDecision[] = [];

/** Every name resolves to loopback, which the proxy refuses: nothing in these tests leaves the machine. */
const loopbackLookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bops-link-test-'));
  downloads = path.join(root, 'downloads');
  records = path.join(root, 'records');
  fs.mkdirSync(downloads);
  fs.mkdirSync(records);
});

afterEach(async () => {
  await Promise.all(importers.splice(0).map((importer) => importer.close()));
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** Writes a stand-in for yt-dlp: a Node script, made executable, that records how it was called. */
function fakeYtDlp(name: string, body: string): string {
  const file = path.join(root, name);
  const script = `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
const record = (what, value) => fs.writeFileSync(${JSON.stringify(records)} + '/' + ${JSON.stringify(name)} + '.' + what + '.json', JSON.stringify(value));
record('call', { args, env: process.env, pid: process.pid });
const output = args[args.indexOf('-o') + 1];
const dir = path.dirname(output);
${body}
`;
  fs.writeFileSync(file, script, { mode: 0o755 });
  return file;
}

function readRecord(name: string, what: string): Record<string, unknown> | null {
  const file = path.join(records, `${name}.${what}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}

function importer(
  ytdlpPath: string | null,
  options: Partial<SongLinkImporterOptions> = {},
): SongLinkImporter {
  const made = new SongLinkImporter({
    ytdlpPath,
    maxBytes: 4 * MiB,
    timeoutMs: 10_000,
    tempDir: downloads,
    pollMs: 25,
    proxy: { lookup: loopbackLookup, onDecision: (decision) => decisions.push(decision) },
    ...options,
  });
  importers.push(made);
  return made;
}

async function importError(promise: Promise<unknown>): Promise<LinkImportError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LinkImportError);
  return error as LinkImportError;
}

/** Whether a process still runs (a zombie waiting for its new parent to reap it has stopped). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

describe('SongLinkImporter runs yt-dlp with safe options only', () => {
  it('passes the fixed options in order, the canonical link after "--", and none of Bops’s environment', async () => {
    process.env.BOPS_SECRET_CANARY = 'must-not-reach-yt-dlp';
    const program = fakeYtDlp(
      'safe-options',
      `
const proxy = new URL(args[args.indexOf('--proxy') + 1]);
// Ask the proxy for an internal destination, as a hostile page's media link would.
const net = require('node:net');
const socket = net.connect(Number(proxy.port), proxy.hostname, () => socket.write('CONNECT 169.254.169.254:443 HTTP/1.1\\r\\n\\r\\n'));
socket.once('data', (data) => {
  record('proxy', { answer: data.toString().split('\\r\\n')[0] });
  socket.destroy();
  fs.writeFileSync(output.replace('%(ext)s', 'm4a'), Buffer.alloc(3000, 7));
});
`,
    );
    const links = importer(program);
    expect(links.available).toBe(true);
    expect(links.reason).toBeNull();
    const song = await links.importSongFromLink(SONG_LINK);
    delete process.env.BOPS_SECRET_CANARY;

    const call = readRecord('safe-options', 'call') as { args: string[]; env: Record<string, string> };
    const dir = path.dirname(song.path);
    const proxyUrl = call.args[call.args.indexOf('--proxy') + 1]!;
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(call.args).toEqual([
      '--ignore-config',
      '--no-playlist',
      '--use-extractors',
      'youtube',
      '-f',
      `bestaudio[filesize<?${4 * MiB}]/best[filesize<?${4 * MiB}]`,
      '--match-filters',
      '!is_live & duration<=600',
      '--max-filesize',
      String(4 * MiB),
      '--proxy',
      proxyUrl,
      '--hls-prefer-native',
      '--no-cache-dir',
      '--no-mtime',
      '--no-progress',
      '--socket-timeout',
      '20',
      '--retries',
      '2',
      '-o',
      path.join(dir, 'song.%(ext)s'),
      '--',
      CANONICAL,
    ]);
    expect(call.args).not.toContain('generic');
    expect(Object.keys(call.env).sort()).toEqual([
      'HOME',
      'LANG',
      'LC_ALL',
      'PATH',
      'PYTHONDONTWRITEBYTECODE',
    ]);
    expect(readRecord('safe-options', 'proxy')).toEqual({ answer: 'HTTP/1.1 403 Forbidden' });
    expect(decisions.at(-1)).toMatchObject({ allowed: false, target: '169.254.169.254:443' });

    // A fresh directory of its own under the temp root, holding only the song.
    expect(path.dirname(dir)).toBe(downloads);
    expect(path.basename(dir)).toMatch(/^bops-link-/);
    expect(fs.readdirSync(dir)).toEqual(['song.m4a']);
    expect(song).toMatchObject({ path: path.join(dir, 'song.m4a'), bytes: 3000 });
    await song.cleanup();
    expect(fs.readdirSync(downloads)).toEqual([]);
  });

  it('uses only the extractors of the link’s site', async () => {
    const program = fakeYtDlp('extractors', `fs.writeFileSync(output.replace('%(ext)s', 'mp4'), 'x');`);
    const links = importer(program);
    for (const [link, extractors, url] of [
      ['https://vm.tiktok.com/ZMabc123/', 'TikTok,vm\\.tiktok', 'https://vm.tiktok.com/ZMabc123/'],
      ['https://x.com/a/status/123', 'twitter', 'https://twitter.com/a/status/123'],
      ['https://soundcloud.com/artist/track', 'soundcloud', 'https://soundcloud.com/artist/track'],
    ] as const) {
      const song = await links.importSongFromLink(link);
      const args = (readRecord('extractors', 'call') as { args: string[] }).args;
      expect(args[args.indexOf('--use-extractors') + 1]).toBe(extractors);
      expect(args.slice(-2)).toEqual(['--', url]);
      await song.cleanup();
    }
  });

  it('refuses a link that fails the guard before starting anything', async () => {
    const program = fakeYtDlp('never-called', `process.exit(0);`);
    const links = importer(program);
    for (const link of ['https://127.0.0.1/', 'https://youtube.com@10.0.0.1/', 'file:///etc/passwd', '-x']) {
      const error = await importError(links.importSongFromLink(link));
      expect(error.code).toBe('invalid-link');
      expect(error.message).toMatch(/YouTube, TikTok, Instagram, Facebook, Vimeo, SoundCloud or X/);
    }
    expect(readRecord('never-called', 'call')).toBeNull();
    expect(fs.readdirSync(downloads)).toEqual([]);
  });
});

describe('SongLinkImporter caps what a download may take', () => {
  it('stops a download past the byte cap, kills it and leaves nothing', async () => {
    const program = fakeYtDlp(
      'too-large',
      `
const part = output.replace('%(ext)s', 'webm') + '.part';
setInterval(() => fs.appendFileSync(part, Buffer.alloc(256 * 1024, 1)), 5);
`,
    );
    const links = importer(program, { maxBytes: 1 * MiB });
    const started = Date.now();
    const error = await importError(links.importSongFromLink(SONG_LINK));
    expect(error.code).toBe('too-large');
    expect(error.message).toBe(
      'That song is larger than 1 MB, so the download was stopped. Download the song and upload the file instead.',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    const { pid } = readRecord('too-large', 'call') as { pid: number };
    await expect.poll(() => isRunning(pid), { timeout: 2000 }).toBe(false);
    expect(fs.readdirSync(downloads)).toEqual([]);
  });

  it('stops a download that trickles past the time limit, with everything it started, and leaves nothing', async () => {
    const program = fakeYtDlp(
      'trickle',
      `
const part = output.replace('%(ext)s', 'webm') + '.part';
const helper = require('node:child_process').spawn(process.execPath, ['-e', \`setInterval(() => require('fs').appendFileSync(\${JSON.stringify(part + '.helper')}, 'x'), 20)\`], { stdio: 'ignore' });
record('helper', { pid: helper.pid });
setInterval(() => fs.appendFileSync(part, 'x'), 50);
`,
    );
    const links = importer(program, { timeoutMs: 800 });
    const started = Date.now();
    const error = await importError(links.importSongFromLink(SONG_LINK));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'The song took longer than 1 second to download, so it was stopped. Download the song and upload the file instead.',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(Date.now() - started).toBeLessThan(5000);
    const { pid } = readRecord('trickle', 'call') as { pid: number };
    const helper = readRecord('trickle', 'helper') as { pid: number };
    await expect.poll(() => isRunning(pid), { timeout: 2000 }).toBe(false);
    await expect.poll(() => isRunning(helper.pid), { timeout: 2000 }).toBe(false);
    expect(fs.readdirSync(downloads)).toEqual([]);
  });

  it('stops when the caller aborts', async () => {
    const program = fakeYtDlp('aborted', `setInterval(() => {}, 1000);`);
    const links = importer(program);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await importError(links.importSongFromLink(SONG_LINK, { signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(fs.readdirSync(downloads)).toEqual([]);
  });
});

describe('SongLinkImporter leaves nothing behind a failed download', () => {
  it('stops what yt-dlp started before deleting the directory', async () => {
    const program = fakeYtDlp(
      'orphan',
      `
const part = output.replace('%(ext)s', 'webm') + '.part';
const helper = require('node:child_process').spawn(process.execPath, ['-e', \`setInterval(() => require('fs').appendFileSync(\${JSON.stringify(part)}, 'x'), 10)\`], { stdio: 'ignore' });
record('helper', { pid: helper.pid });
setTimeout(() => { process.stderr.write('ERROR: Unsupported URL\\n'); process.exit(1); }, 200);
`,
    );
    const error = await importError(importer(program).importSongFromLink(SONG_LINK));
    expect(error.code).toBe('unsupported');
    await expect
      .poll(() => isRunning((readRecord('orphan', 'helper') as { pid: number }).pid), { timeout: 2000 })
      .toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync(downloads)).toEqual([]);
  });
});

describe('SongLinkImporter stops with Bops', () => {
  it('close() stops a running download and deletes its files', async () => {
    const program = fakeYtDlp(
      'closed',
      `fs.writeFileSync(output.replace('%(ext)s', 'webm') + '.part', 'x'); setInterval(() => {}, 1000);`,
    );
    const links = importer(program);
    const pending = importError(links.importSongFromLink(SONG_LINK));
    await expect.poll(() => readRecord('closed', 'call'), { timeout: 5000 }).not.toBeNull();
    await links.close();
    expect((await pending).code).toBe('aborted');
    await expect
      .poll(() => isRunning((readRecord('closed', 'call') as { pid: number }).pid), { timeout: 2000 })
      .toBe(false);
    expect(fs.readdirSync(downloads)).toEqual([]);
  });
});

describe('SongLinkImporter explains failures', () => {
  it('logs refused destinations and what yt-dlp said, and shows the person neither', async () => {
    const program = fakeYtDlp(
      'logged',
      `
const proxy = new URL(args[args.indexOf('--proxy') + 1]);
const socket = require('node:net').connect(Number(proxy.port), proxy.hostname, () => socket.write('CONNECT 10.1.2.3:443 HTTP/1.1\\r\\n\\r\\n'));
socket.once('data', (data) => {
  process.stderr.write('ERROR: Unable to download webpage: Tunnel connection failed: ' + data.toString().split('\\r\\n')[0] + '\\n');
  process.exit(1);
});
`,
    );
    const logged: Array<[string, Record<string, unknown>, string]> = [];
    const logger = {
      warn: (fields: Record<string, unknown>, message: string) => logged.push(['warn', fields, message]),
      info: (fields: Record<string, unknown>, message: string) => logged.push(['info', fields, message]),
    } as unknown as SongLinkImporterOptions['logger'];
    const links = importer(program, { logger });
    const error = await importError(links.importSongFromLink(SONG_LINK));
    expect(error.code).toBe('unreachable');
    expect(error.message).not.toMatch(/10\.1\.2\.3|Tunnel/);
    expect(logged).toEqual([
      [
        'warn',
        { target: '10.1.2.3:443', reason: '10.1.2.3 is a private network address' },
        'the link-import proxy refused a destination',
      ],
      [
        'info',
        {
          code: 'unreachable',
          site: 'YouTube',
          detail: expect.stringContaining('Tunnel connection failed: HTTP/1.1 403'),
        },
        'a song link could not be imported',
      ],
    ]);
  });

  const cases: Array<[string, string, string, RegExp]> = [
    [
      'unreachable',
      `process.stderr.write('ERROR: [youtube] dQw4w9WgXcQ: Unable to download webpage: <urlopen error Tunnel connection failed: 403 Forbidden>\\n'); process.exit(1);`,
      'unreachable',
      /^We couldn't reach that site from this server\. Download the song and upload the file instead\.$/,
    ],
    [
      'private',
      `process.stderr.write('ERROR: [youtube] dQw4w9WgXcQ: Private video. Sign in if you have been granted access\\n'); process.exit(1);`,
      'not-public',
      /isn't public/,
    ],
    [
      'filtered',
      `process.stdout.write('[youtube] dQw4w9WgXcQ: Downloading webpage\\nVideo does not pass filter (!is_live & duration<=600), skipping ..\\n'); process.exit(0);`,
      'too-long',
      /longer than 10 minutes/,
    ],
    [
      'unsupported',
      `process.stderr.write('ERROR: Unsupported URL: https://www.youtube.com/\\n'); process.exit(1);`,
      'unsupported',
      /couldn't find a song/,
    ],
    ['mystery', `process.exit(3);`, 'failed', /couldn't download the song from that link/],
    ['no-file', `process.exit(0);`, 'failed', /couldn't download the song from that link/],
  ];

  it.each(cases)('%s', async (name, body, code, message) => {
    const links = importer(fakeYtDlp(`fails-${name}`, body));
    const error = await importError(links.importSongFromLink(SONG_LINK));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/ERROR|youtube\]|Traceback/);
    expect(fs.readdirSync(downloads)).toEqual([]);
  });
});

describe('finding yt-dlp', () => {
  it('says why link import is off when yt-dlp is missing', async () => {
    const links = importer(path.join(root, 'no-such-yt-dlp'));
    expect(links.available).toBe(false);
    expect(links.reason).toMatch(/YTDLP_PATH is not a program it can run/);
    const error = await importError(links.importSongFromLink(SONG_LINK));
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/Download the song and upload the file instead\.$/);
  });

  it('looks on PATH when no path is configured', () => {
    const dir = fs.mkdtempSync(path.join(root, 'bin-'));
    expect(findYtDlp(null, dir)).toMatchObject({ available: false, reason: /yt-dlp, isn't installed/ });
    fs.writeFileSync(path.join(dir, 'yt-dlp'), '#!/bin/sh\n', { mode: 0o644 });
    expect(findYtDlp(null, dir).available).toBe(false);
    fs.chmodSync(path.join(dir, 'yt-dlp'), 0o755);
    expect(findYtDlp(null, `relative/bin${path.delimiter}${dir}`)).toEqual({
      available: true,
      path: path.join(dir, 'yt-dlp'),
      reason: null,
    });
  });
});

const realYtDlp = findYtDlp(null);
describe.skipIf(!realYtDlp.available)('the installed yt-dlp (skipped when yt-dlp is not installed)', () => {
  it('sends its traffic through the egress proxy, which refuses a site resolving to loopback', async () => {
    const links = importer(realYtDlp.path, { timeoutMs: 60_000 });
    const before = decisions.length;
    const error = await importError(links.importSongFromLink(SONG_LINK));
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe(
      "We couldn't reach that site from this server. Download the song and upload the file instead.",
    );
    const seen = decisions.slice(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((decision) => !decision.allowed)).toBe(true);
    expect(seen.some((decision) => !decision.allowed && decision.target === 'www.youtube.com:443')).toBe(
      true,
    );
    expect(fs.readdirSync(downloads)).toEqual([]);
  }, 60_000);
});
