import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { encodeWav } from '../io/wav-codec.ts';
import { makeTestSong } from './cover-test-songs.ts';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/bops-engine.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bops-cover-cli-'));
const song = join(dir, 'song.wav');
writeFileSync(song, encodeWav(makeTestSong({ seconds: 6 }).song));
const notAModel = join(dir, 'me.bopsvoice');
writeFileSync(notAModel, new Uint8Array(256).fill(3));

async function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, ['--disable-warning=ExperimentalWarning', BIN, ...args], { timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

/** The refusal's lines, without the progress lines before it. */
const refusal = (stderr: string) => stderr.split('\n').filter((l) => l && !l.endsWith('…'));

describe('bops-engine cover refuses bad input with one readable line', () => {
  it.each([
    [['cover', song], 2, /cover needs <song> and --singer <file>/],
    [['cover', join(dir, 'missing.mp3'), '--singer', notAModel], 1, /missing\.mp3: no such file/],
    [['cover', song, '--singer', notAModel], 1, /The AI singer could not be read/],
    [['cover', song, '--singer', notAModel, '--shift', 'up'], 1, /key shift must be Auto or between/],
    [['cover', song, '--singer', notAModel, '--vocal-level', 'loud'], 1, /vocal level must be between/],
  ])(
    '%j',
    async (args, code, message) => {
      const result = await cli(...args);
      expect(result.code).toBe(code);
      const lines = refusal(result.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    },
    30_000,
  );
});
