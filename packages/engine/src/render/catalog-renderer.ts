import type { Seconds } from '../units.ts';
import { RenderInputError, throwIfAborted } from '../errors.ts';
import { findMusicSelection, selectionLengthSeconds } from '../beats/music-catalog.ts';
import { defaultArrangement, mixBeat, renderBeat } from '../beats/beat-engine.ts';
import { coverSvg } from '../beats/cover-art.ts';
import { master } from '../mix/mastering.ts';
import { encodeMp3 } from '../io/mp3-encoder.ts';
import { findArtist } from '../artists/artist-catalog.ts';
import { renderRap, defaultSelectionFor } from './rap-renderer.ts';

export interface MusicSelectionRender {
  mp3: Uint8Array;
  durationSeconds: Seconds;
  cover: { bytes: Uint8Array; contentType: 'image/svg+xml' };
}

/** A catalogue beat as heard on its own: its arrangement, mastered to -14 LUFS, MP3 192k, with an SVG cover. */
export async function renderMusicSelection(
  id: string,
  opts: { signal?: AbortSignal; bars?: number } = {},
): Promise<MusicSelectionRender> {
  const selection = findMusicSelection(id);
  if (!selection) throw new RenderInputError(`Unknown music selection "${id}".`);
  const beat = renderBeat({
    mood: selection.mood,
    bpm: selection.bpm,
    key: selection.key,
    arrangement: defaultArrangement(opts.bars ?? selection.bars),
    seed: selection.seed,
    signal: opts.signal,
  });
  throwIfAborted(opts.signal);
  const length = Math.round(
    (opts.bars ? beat.bars * beat.barDuration + 2 : selectionLengthSeconds(selection)) * beat.sampleRate,
  );
  const { channels } = master(
    mixBeat(beat).map((c) => c.subarray(0, length)),
    { sampleRate: beat.sampleRate },
  );
  const mp3 = await encodeMp3(
    { sampleRate: beat.sampleRate, channels },
    { bitrateKbps: 192, signal: opts.signal },
  );
  return {
    mp3,
    durationSeconds: length / beat.sampleRate,
    cover: { bytes: new TextEncoder().encode(coverSvg(selection)), contentType: 'image/svg+xml' },
  };
}

const PREVIEW_LYRICS: Record<'rapper' | 'singer', string> = {
  rapper: `they call me NAME and I came to play
every single word is a brand new day`,
  singer: `I will hold the light for you
every night until the morning comes`,
};

/** A two-line demo of the artist's voice and style over the beat that suits them. */
export async function renderArtistPreview(
  artistId: string,
  opts: { signal?: AbortSignal } = {},
): Promise<{ mp3: Uint8Array; durationSeconds: Seconds }> {
  const artist = findArtist(artistId);
  if (!artist) throw new RenderInputError(`Unknown artist "${artistId}".`);
  const lyrics = PREVIEW_LYRICS[artist.kind].replace('NAME', artist.name);
  const result = await renderRap(
    { lyrics, artistId, musicSelectionId: defaultSelectionFor(artist).id, stems: false, form: 'preview' },
    opts.signal ? { signal: opts.signal } : {},
  );
  return { mp3: result.mp3, durationSeconds: result.durationSeconds };
}
