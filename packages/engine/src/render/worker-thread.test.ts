import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { RapRender } from './rap-renderer.ts';
import { RAP_PHASES } from './rap-renderer.ts';
import { decodeAudio } from '../io/audio-decoder.ts';

describe('worker threads', () => {
  it('renders a rap inside a worker and returns plain, cloneable data', async () => {
    const worker = new Worker(new URL('./worker-entry.ts', import.meta.url), {
      workerData: {
        lyrics: 'we run this town from the bottom to the top',
        artistId: 'rapid-rae',
        musicSelectionId: 'concrete-poet',
        stems: true,
        form: 'preview',
      },
    });
    const message = await new Promise<{ result: RapRender; phases: string[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(message.phases).toEqual([...RAP_PHASES]);
    expect(message.result.mp3).toBeInstanceOf(Uint8Array);
    expect(message.result.vocalStem).toBeInstanceOf(Uint8Array);
    expect(message.result.words.length).toBe(10);
    expect((await decodeAudio(message.result.mp3)).durationSeconds).toBeGreaterThan(5);
  });
});
