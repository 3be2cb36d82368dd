import { afterEach, describe, expect, it } from 'vitest';
import { runFlite } from './flite-pool.ts';
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
});
