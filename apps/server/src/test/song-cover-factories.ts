import { randomUUID } from 'node:crypto';
import { encodeMp3, encodeWav, synthSine, synthVoice } from '@bops/engine';
import { VoiceCloneRepository } from '../repositories/voice-clone.repository.ts';
import type { Runtime } from '../runtime.ts';

/** A multipart/form-data body as a browser sends it: text fields and files. */
export function multipartForm(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; type: string; bytes: Uint8Array }
  >,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bops-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A short stereo song with a sung lead in the centre (a gliding, vowel-shaped voice) over a panned chord and a
 * bass line: enough for the separator to find a lead and for a cover to be measured.
 */
export function makeTestSongPcm(seconds = 8, sampleRate = 22050) {
  const lead = synthVoice({ seconds, sampleRate, lowHz: 196, highHz: 330, pauseEvery: 4 });
  const bass = synthSine({ seconds, hz: 110, sampleRate, amplitude: 0.18 });
  const third = synthSine({ seconds, hz: 277.18, sampleRate, amplitude: 0.08 });
  const fifth = synthSine({ seconds, hz: 329.63, sampleRate, amplitude: 0.08 });
  const left = new Float32Array(lead.length);
  const right = new Float32Array(lead.length);
  for (let i = 0; i < lead.length; i++) {
    left[i] = 0.7 * lead[i]! + bass[i]! + 1.4 * third[i]! + 0.3 * fifth[i]!;
    right[i] = 0.7 * lead[i]! + bass[i]! + 0.3 * third[i]! + 1.4 * fifth[i]!;
  }
  return { sampleRate, channels: [left, right] };
}

export async function makeTestSongMp3(seconds = 8): Promise<Uint8Array> {
  return encodeMp3(makeTestSongPcm(seconds), { bitrateKbps: 128 });
}

export function makeTestSongWav(seconds = 8): Uint8Array {
  return encodeWav(makeTestSongPcm(seconds));
}

/**
 * An MP3 of `seconds` of silence at 8 kbps, 8 kHz mono (MPEG 2.5 layer III), written frame by frame: three hours
 * of it is only 10.8 MB, small enough to pass any size cap, so only the length check can refuse it.
 */
export function makeLowBitrateMp3(seconds: number): Uint8Array {
  // 576 samples at 8 kHz per frame: 72 ms; 8 kbps makes every frame 72 bytes.
  const frames = Math.ceil(seconds / 0.072);
  const frame = Buffer.alloc(72);
  frame.set([0xff, 0xe3, 0x18, 0xc0]);
  const out = Buffer.alloc(frames * frame.length);
  for (let i = 0; i < frames; i++) frame.copy(out, i * frame.length);
  return out;
}

/** Files a hostile or careless person might send as a song, each with what it is. */
export function hostileSongFiles(
  song: Uint8Array,
): Array<{ name: string; filename: string; bytes: Uint8Array }> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
    'base64',
  );
  // An ID3 tag (so it sniffs as MP3) carrying a web page, and no audio frames after it.
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const polyglot = Buffer.concat([
    id3,
    Buffer.from('<html><script>alert(document.cookie)</script></html>'.repeat(40)),
  ]);
  return [
    { name: 'an empty file', filename: 'empty.mp3', bytes: new Uint8Array() },
    { name: 'a truncated file', filename: 'cut.wav', bytes: song.subarray(0, 600) },
    { name: 'a picture named .mp3', filename: 'photo.mp3', bytes: png },
    { name: 'an MP3/HTML polyglot', filename: 'song.mp3', bytes: polyglot },
  ];
}

let cachedModel: Promise<Uint8Array> | null = null;

/**
 * A ready AI singer owned by `owner`, stored as the build job stores it. `sings: true` builds its model with the
 * engine from a synthetic voice (once per test file, it takes a while); otherwise the model is a few bytes that
 * only a render would read.
 */
export async function buildReadyVoiceClone(
  runtime: Pick<Runtime, 'database' | 'storage' | 'cpu'>,
  owner: { id: string },
  overrides: { nickname?: string; status?: 'ready' | 'processing'; sings?: boolean } = {},
): Promise<{ id: string; nickname: string }> {
  const model = overrides.sings ? await realModel(runtime) : new TextEncoder().encode('not a voice model');
  const id = randomUUID();
  const nickname = overrides.nickname ?? 'Test Singer';
  const status = overrides.status ?? 'ready';
  const modelKey = status === 'ready' ? `voice-clones/${owner.id}/${id}/model.bin` : null;
  if (modelKey) await runtime.storage.put(modelKey, model, 'application/octet-stream');
  await new VoiceCloneRepository(runtime.database.db).insert({
    id,
    userId: owner.id,
    nickname,
    status,
    modelKey,
  });
  return { id, nickname };
}

function realModel(runtime: Pick<Runtime, 'cpu'>): Promise<Uint8Array> {
  cachedModel ??= (async () => {
    const sample = encodeWav({ sampleRate: 16000, channels: [synthVoice({ seconds: 30 })] });
    return (await runtime.cpu.run('build-ai-singer', { bytes: sample, guided: false })).model;
  })();
  return cachedModel;
}
