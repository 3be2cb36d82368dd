/**
 * Song cover benchmark: `npm run bench:cover`.
 *
 * A 3-minute stereo song the engine makes (one of its singers over a beat, 45 s repeated, encoded
 * as MP3) and an AI singer built from a 40-second reading; then renderCover — decode, separate,
 * convert, mix, master, encode the cover and both stems — in a fresh process per run, so each
 * run's peak memory is its own. Prints each run and, last, the medians:
 *   cover180_wall_s=… rtf=… peak_rss_mb=…
 * Options: --runs N (default 3), --seconds S (default 180; 600 checks that a 10-minute song completes).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { renderRap } from '../src/render/rap-renderer.ts';
import { encodeMp3 } from '../src/io/mp3-encoder.ts';
import { encodeWav } from '../src/io/wav-codec.ts';
import { decodeAudio } from '../src/io/audio-decoder.ts';
import { EspeakVoiceBackend } from '../src/voice/espeak-voice.ts';
import { prepareVoiceSample } from '../src/voice-clone/voice-sample.ts';
import { buildVoiceModel, VOICE_READING_SCRIPT } from '../src/voice-clone/voice-model.ts';
import { renderCover } from '../src/cover/cover-renderer.ts';

const run = promisify(execFile);

const LYRICS = [
  'the morning light is falling on the river by the mill',
  'i carry every promise that you left upon the hill',
  'and when the winter gathers i will sing to keep you warm',
  'we never lost the rhythm even walking through the storm',
  'city lights are dancing on the window of my room',
  'every little secret opens like a flower in bloom',
  'hold me in the moment till the music fades away',
  'we can stay forever if you never let me stray',
];

async function child(songFile: string, modelFile: string): Promise<void> {
  const started = performance.now();
  const result = await renderCover({
    song: new Uint8Array(readFileSync(songFile)),
    voiceModel: new Uint8Array(readFileSync(modelFile)),
    title: 'Bench',
    singerName: 'Bench',
  });
  const wall = (performance.now() - started) / 1000;
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      wall,
      cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
      duration: result.duration,
      peakRssMb: usage.maxRSS / 1024,
      bytes: result.mp3.length + result.vocalStem.length + result.accompanimentStem.length,
    }),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      seconds: { type: 'string' },
      child: { type: 'string', multiple: true },
    },
  });
  if (values.child) return child(values.child[0]!, values.child[1]!);
  const runs = Number(values.runs ?? 3);
  const seconds = Number(values.seconds ?? 180);
  const dir = mkdtempSync(join(tmpdir(), 'bops-cover-bench-'));
  try {
    const rap = await renderRap({
      lyrics: LYRICS.join('\n'),
      artistId: 'marcus-vale',
      musicSelectionId: null,
    });
    const piece = await decodeAudio(rap.mp3);
    const n = Math.round(seconds * piece.sampleRate);
    const channels = piece.channels.map((c) => {
      const out = new Float32Array(n);
      for (let i = 0; i < n; i += c.length) out.set(c.subarray(0, Math.min(c.length, n - i)), i);
      return out;
    });
    const songFile = join(dir, 'song.mp3');
    writeFileSync(
      songFile,
      await encodeMp3({ sampleRate: piece.sampleRate, channels }, { bitrateKbps: 192 }),
    );
    const reading = await new EspeakVoiceBackend().synthesize({
      text: VOICE_READING_SCRIPT.replace(/\n/g, ' '),
      voice: 'en-us+m3',
    });
    const prepared = await prepareVoiceSample(
      encodeWav({ sampleRate: reading.sampleRate, channels: [reading.samples] }),
    );
    const { model } = await buildVoiceModel(prepared.wav, { transcript: VOICE_READING_SCRIPT });
    const modelFile = join(dir, 'me.bopsvoice');
    writeFileSync(modelFile, model);
    const results: { wall: number; cpu: number; duration: number; peakRssMb: number }[] = [];
    for (let r = 0; r < runs; r++) {
      const { stdout } = await run(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          fileURLToPath(import.meta.url),
          '--child',
          songFile,
          '--child',
          modelFile,
        ],
        { maxBuffer: 1 << 20 },
      );
      const result = JSON.parse(stdout.trim().split('\n').pop()!) as (typeof results)[number];
      results.push(result);
      console.log(
        `run ${r + 1}: ${result.duration.toFixed(0)} s song, wall ${result.wall.toFixed(1)} s, cpu ${result.cpu.toFixed(1)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const wall = median(results.map((r) => r.wall));
    const key = `cover${seconds}`;
    console.log(
      `${key}_wall_s=${wall.toFixed(1)} rtf=${(wall / seconds).toFixed(3)} peak_rss_mb=${median(results.map((r) => r.peakRssMb)).toFixed(0)} cpu_s=${median(results.map((r) => r.cpu)).toFixed(1)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
