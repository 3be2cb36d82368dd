import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyzeAudio } from './analysis/audio-analyzer.ts';
import { listArtists } from './artists/artist-catalog.ts';
import { listMusicSelections } from './beats/music-catalog.ts';
import { renderRap } from './render/rap-renderer.ts';
import { renderArtistPreview, renderMusicSelection } from './render/catalog-renderer.ts';
import { AudioInputError, RenderInputError } from './errors.ts';
import { decodeAudio } from './io/audio-decoder.ts';
import { encodeWav } from './io/wav-codec.ts';
import { separateSong } from './separation/song-separator.ts';
import { renderCover } from './cover/cover-renderer.ts';
import { checkVoiceSample, VOICE_SAMPLE_LIMITS } from './voice-clone/voice-sample.ts';
import { buildSingerFromSample } from './voice-clone/singer-builder.ts';
import { VOICE_READING_SCRIPT, VoiceModelError } from './voice-clone/voice-model.ts';
import { createClonedVoiceBackend } from './voice-clone/cloned-voice-backend.ts';

const USAGE = `Usage: bops-engine <command> [options]

Commands:
  rap --lyrics <file> --artist <id> [--beat <id>] [--no-music] [-o song.mp3] [--title <t>] [--seed <n>] [--stems]
      [--singer me.bopsvoice [--singer-name <name>]]
        Render lyrics to a mastered MP3; also writes <out>.lrc and <out>.json (word timings).
        --no-music: the voice alone, on the tempo of --beat (or the artist's default beat).
        --singer: an AI singer raps in its own voice and pitch with the artist's flow, credited by
        --singer-name (default: the file's name).
  singer build <sample> -o me.bopsvoice [--transcript <file>]
        Build an AI singer from a voice sample (wav, m4a, mp3, ogg, webm; 20 s to 5 min), the same
        model the server stores. --transcript: the text read in the sample, for a closer match
        (the guided reading is printed by "singer script").
  singer script           Print the guided reading (about 40 seconds).
  artists                 List artists (id, kind, gender, style, voice).
  beats                   List music selections (id, mood, BPM, key, length).
  beat <id> [-o beat.mp3] Render a music selection (and its cover as <out>.svg).
  preview <artistId> [-o preview.mp3]
  separate <song> --vocals <v.wav> --accompaniment <a.wav>
        Split a song (at most 10 minutes) into its lead vocal and the rest, as 16-bit WAVs.
  cover <song> --singer <me.bopsvoice> [--shift auto|<semitones>] [--vocal-level <dB>] [--lyrics <file>] [-o cover.mp3] [--stems]
        The song (at most 10 minutes) sung by an AI singer (the model file \`singer build\` writes).
        --shift: auto (default) moves the melody by whole octaves into the singer's range; -12..12
        semitones moves it that far (and the accompaniment too when it is not whole octaves).
        --stems: also writes <out>.vocal.mp3 and <out>.accompaniment.mp3.
  analyze <file>          Print duration, LUFS, true peak, BPM, key, voiced seconds, silence, clipping.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      lyrics: { type: 'string' },
      artist: { type: 'string' },
      beat: { type: 'string' },
      'no-music': { type: 'boolean' },
      out: { type: 'string', short: 'o' },
      title: { type: 'string' },
      seed: { type: 'string' },
      stems: { type: 'boolean' },
      json: { type: 'boolean' },
      vocals: { type: 'string' },
      accompaniment: { type: 'string' },
      singer: { type: 'string' },
      shift: { type: 'string' },
      'vocal-level': { type: 'string' },
      'singer-name': { type: 'string' },
      transcript: { type: 'string' },
    },
  });
  switch (command) {
    case 'artists':
      for (const a of listArtists())
        console.log(
          `${a.id.padEnd(14)} ${a.kind.padEnd(7)} ${a.gender.padEnd(7)} ${a.style.padEnd(12)} ${a.name} — ${a.voice}`,
        );
      return 0;
    case 'beats':
      for (const m of listMusicSelections())
        console.log(
          `${m.id.padEnd(18)} ${m.mood.padEnd(9)} ${String(m.bpm).padStart(3)} BPM  ${m.key.padEnd(9)} ${m.lengthSeconds.toFixed(0).padStart(3)} s  ${m.title}`,
        );
      return 0;
    case 'rap': {
      if (!values.lyrics || !values.artist) {
        process.stderr.write('rap needs --lyrics <file> and --artist <id>\n');
        return 2;
      }
      const out = values.out ?? 'song.mp3';
      const started = performance.now();
      const singerModel = values.singer ? readInput(values.singer) : undefined;
      if (values.singer && !singerModel) return 1;
      const singer = singerModel ? createClonedVoiceBackend(singerModel) : undefined;
      const singerName =
        values['singer-name'] ?? values.singer?.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
      const result = await renderRap(
        {
          lyrics: readFileSync(values.lyrics, 'utf8'),
          artistId: values.artist,
          musicSelectionId: values.beat ?? null,
          ...(values['no-music'] ? { accompaniment: 'none' as const } : {}),
          ...(values.title ? { title: values.title } : {}),
          ...(values.seed ? { seed: Number(values.seed) } : {}),
          stems: values.stems ?? false,
        },
        {
          onProgress: (phase, fraction) => fraction === 0 && process.stderr.write(`${phase}…\n`),
          ...(singer ? { voiceBackend: singer, ...(singerName ? { singerName } : {}) } : {}),
        },
      );
      const base = out.replace(/\.mp3$/i, '');
      writeFileSync(out, result.mp3);
      writeFileSync(`${base}.lrc`, result.lrc);
      writeFileSync(
        `${base}.json`,
        JSON.stringify(
          {
            words: result.words,
            lines: result.lines,
            sections: result.sections,
            loudness: result.loudness,
            durationSeconds: result.durationSeconds,
            artist: result.artist,
          },
          null,
          2,
        ),
      );
      if (result.vocalStem) writeFileSync(`${base}.vocal.mp3`, result.vocalStem);
      if (result.beatStem) writeFileSync(`${base}.beat.mp3`, result.beatStem);
      const wall = (performance.now() - started) / 1000;
      console.log(
        `${out}: ${result.artist}, ${result.durationSeconds.toFixed(1)} s, ${result.loudness.integratedLufs} LUFS, ${result.loudness.truePeakDbtp} dBTP, rendered in ${wall.toFixed(1)} s`,
      );
      return 0;
    }
    case 'singer':
      return singerCommand(positionals, values);
    case 'beat': {
      const id = positionals[0];
      if (!id) return usage();
      const out = values.out ?? `${id}.mp3`;
      const result = await renderMusicSelection(id);
      writeFileSync(out, result.mp3);
      writeFileSync(out.replace(/\.mp3$/i, '') + '.svg', result.cover.bytes);
      console.log(`${out}: ${result.durationSeconds.toFixed(1)} s`);
      return 0;
    }
    case 'preview': {
      const id = positionals[0];
      if (!id) return usage();
      const out = values.out ?? `${id}-preview.mp3`;
      const result = await renderArtistPreview(id);
      writeFileSync(out, result.mp3);
      console.log(`${out}: ${result.durationSeconds.toFixed(1)} s`);
      return 0;
    }
    case 'separate': {
      const file = positionals[0];
      if (!file || (!values.vocals && !values.accompaniment)) {
        process.stderr.write('separate needs <song> and --vocals <file> and/or --accompaniment <file>\n');
        return 2;
      }
      const bytes = readInput(file);
      if (!bytes) return 1;
      const started = performance.now();
      const song = await decodeAudio(bytes, { maxSeconds: SONG_MAX_SECONDS });
      const result = await separateSong(song);
      if (values.vocals) writeFileSync(values.vocals, encodeWav(result.vocals));
      if (values.accompaniment) writeFileSync(values.accompaniment, encodeWav(result.accompaniment));
      const voiced = result.leadPitch.f0.filter((f) => f > 0).length * result.leadPitch.hop;
      console.log(
        `${file}: ${song.durationSeconds.toFixed(1)} s, lead voiced ${voiced.toFixed(1)} s, separated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return 0;
    }
    case 'cover': {
      const file = positionals[0];
      if (!file || !values.singer) {
        process.stderr.write('cover needs <song> and --singer <file>\n');
        return 2;
      }
      const song = readInput(file);
      const voiceModel = readInput(values.singer);
      const lyrics = values.lyrics ? readInput(values.lyrics) : undefined;
      if (!song || !voiceModel || (values.lyrics && !lyrics)) return 1;
      const shift = values.shift === undefined || values.shift === 'auto' ? 'auto' : Number(values.shift);
      const out = values.out ?? 'cover.mp3';
      const started = performance.now();
      const result = await renderCover(
        {
          song,
          voiceModel,
          title: values.title ?? file,
          singerName: values.singer,
          shift,
          ...(lyrics ? { lyrics: new TextDecoder().decode(lyrics) } : {}),
          ...(values['vocal-level'] !== undefined ? { vocalLevel: Number(values['vocal-level']) } : {}),
        },
        { onProgress: (phase, fraction) => fraction === 0 && process.stderr.write(`${phase}…\n`) },
      );
      writeFileSync(out, result.mp3);
      if (values.stems) {
        const base = out.replace(/\.mp3$/i, '');
        writeFileSync(`${base}.vocal.mp3`, result.vocalStem);
        writeFileSync(`${base}.accompaniment.mp3`, result.accompanimentStem);
      }
      const shiftText = `${result.appliedShift > 0 ? '+' : ''}${result.appliedShift}`;
      console.log(
        `${out}: ${result.duration.toFixed(1)} s, shift ${shiftText} semitones, rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return 0;
    }
    case 'analyze': {
      const file = positionals[0];
      if (!file) return usage();
      const a = await analyzeAudio(new Uint8Array(readFileSync(file)));
      if (values.json) console.log(JSON.stringify(a, null, 2));
      else {
        console.log(`duration      ${a.durationSeconds.toFixed(2)} s (${a.sampleRate} Hz, ${a.channels} ch)`);
        console.log(`loudness      ${a.integratedLufs.toFixed(1)} LUFS integrated`);
        console.log(`true peak     ${a.truePeakDbtp.toFixed(1)} dBTP`);
        console.log(`bpm           ${a.bpm ?? 'n/a'}`);
        console.log(`key           ${a.key ?? 'n/a'}`);
        console.log(
          `voiced        ${a.voicedSeconds.toFixed(1)} s (pitch ${a.pitch.minHz.toFixed(0)}-${a.pitch.maxHz.toFixed(0)} Hz, median ${a.pitch.medianHz.toFixed(0)})`,
        );
        console.log(`silence       ${(a.silenceRatio * 100).toFixed(1)} %`);
        console.log(`clipping      ${(a.clippingRatio * 100).toFixed(3)} %`);
      }
      return 0;
    }
    default:
      return usage(command);
  }
}

/** A song longer than this is refused (what the song cover accepts). */
const SONG_MAX_SECONDS = 600;

/** The file's bytes, or undefined after one readable line when it cannot be read. */
function readInput(file: string): Uint8Array | undefined {
  try {
    return new Uint8Array(readFileSync(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'cannot be read';
    process.stderr.write(`bops-engine: ${file}: ${reason}\n`);
    return undefined;
  }
}

async function singerCommand(
  positionals: string[],
  values: { out?: string | undefined; transcript?: string | undefined },
): Promise<number> {
  const [action, sample] = positionals;
  if (action === 'script') {
    console.log(VOICE_READING_SCRIPT);
    return 0;
  }
  if (action !== 'build' || !sample || !values.out) {
    process.stderr.write('singer build needs <sample> and -o <me.bopsvoice>\n');
    return 2;
  }
  const bytes = readInput(sample);
  if (!bytes) return 1;
  if (bytes.length > VOICE_SAMPLE_LIMITS.maxBytes)
    throw new AudioInputError(
      `Please keep the voice sample under ${VOICE_SAMPLE_LIMITS.maxBytes / 1024 / 1024} MB.`,
      'too-large',
    );
  // The checks the server runs on upload, then the server's build: the same model bytes.
  const report = await checkVoiceSample(bytes);
  if (report.problem) throw new AudioInputError(report.problem.message, 'invalid');
  const transcript = values.transcript ? readFileSync(values.transcript, 'utf8') : undefined;
  const built = await buildSingerFromSample(bytes, transcript ? { transcript } : {});
  writeFileSync(values.out, built.model);
  const s = built.summary;
  console.log(
    `${values.out}: ${(built.model.length / 1e6).toFixed(1)} MB from ${s.durationSeconds.toFixed(1)} s ` +
      `(${report.heardVoiceSeconds?.toFixed(1) ?? '?'} s of voice heard), pitch ${Math.round(s.pitch.minHz)}-` +
      `${Math.round(s.pitch.maxHz)} Hz (median ${Math.round(s.pitch.medianHz)}), source voice ${s.sourceVoice}, ` +
      `${s.guided ? 'guided' : 'free'} reading, built in ${s.buildSeconds.toFixed(1)} s (cpu ${s.buildCpuSeconds.toFixed(1)} s)`,
  );
  return 0;
}

function usage(command?: string): number {
  if (command && command !== 'help' && command !== '--help')
    process.stderr.write(`bops-engine: unknown command "${command}"\n\n`);
  process.stderr.write(USAGE);
  return command === 'help' || command === '--help' ? 0 : 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof AudioInputError ||
    error instanceof RenderInputError ||
    error instanceof VoiceModelError
  ) {
    process.stderr.write(`bops-engine: ${error.message}\n`);
    process.exitCode = 1;
  } else throw error;
}
