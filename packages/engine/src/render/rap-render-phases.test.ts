import { describe, expect, it } from 'vitest';
import {
  masterSong,
  placeOnBeat,
  prepareSong,
  renderSongBeat,
  synthesizeVoice,
  type SongPlan,
} from './rap-renderer.ts';
import { RenderInputError } from '../errors.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import type { VoiceBackend } from '../voice/voice-backend.ts';

const LYRICS = `[Verse]
I came up from the bottom with a pen and a dream
every single night I was writing my scheme`;

describe('renderRap, phase by phase', () => {
  it('prepareSong checks the request and fixes the grid the flow rides', () => {
    expect(() => prepareSong({ lyrics: LYRICS, artistId: 'nobody', musicSelectionId: null })).toThrow(
      RenderInputError,
    );
    expect(() => prepareSong({ lyrics: LYRICS, artistId: 'mc-volt', musicSelectionId: 'no-beat' })).toThrow(
      /Unknown music selection/,
    );
    expect(() =>
      prepareSong({ lyrics: '[Verse]\n...', artistId: 'mc-volt', musicSelectionId: null }),
    ).toThrow(/empty|no words/);
    const straight = prepareSong({ lyrics: LYRICS, artistId: 'mc-volt', musicSelectionId: 'dusty-crates' });
    expect(straight.lines.map((l) => l.spoken)).toHaveLength(2);
    expect(straight.style.slotsPerBeat).toBe(4);
    expect(straight.credit).toBe('MC Volt');
    // A triplet flow on a half-time groove rides the written tempo's triplets; on a straight groove its own.
    const trap = prepareSong({ lyrics: LYRICS, artistId: 'lil-nova', musicSelectionId: 'shadow-work' });
    expect(trap.style.slotsPerBeat).toBe(6);
    const boomBap = prepareSong({ lyrics: LYRICS, artistId: 'lil-nova', musicSelectionId: 'dusty-crates' });
    expect(boomBap.style.slotsPerBeat).toBe(3);
    // A replacement voice is credited as itself.
    const voice = { id: 'me', synthesize: () => Promise.reject(new Error('unused')) } as VoiceBackend;
    expect(
      prepareSong(
        { lyrics: LYRICS, artistId: 'mc-volt', musicSelectionId: null },
        { voiceBackend: voice, singerName: ' Me ' },
      ).credit,
    ).toBe('Me');
  });

  it('placeOnBeat lays every syllable on its grid, in order, between intro and outro', async () => {
    const song: SongPlan = prepareSong({
      lyrics: LYRICS,
      artistId: 'mc-volt',
      musicSelectionId: 'dusty-crates',
    });
    const voice = await synthesizeVoice(song);
    expect([...voice.readings.keys()]).toEqual(song.lines.map((l) => l.spoken));
    const placed = await placeOnBeat(song, voice, 'preview');
    expect(placed.arrangement[0]).toEqual({ kind: 'intro', bars: 1 });
    expect(placed.arrangement.at(-1)).toEqual({ kind: 'outro', bars: 1 });
    const slot = song.beat / song.style.slotsPerBeat;
    for (const s of placed.syllables) {
      const swung = ((s.slot % 2) + 2) % 2 === 1 ? song.lineSwing * slot : 0;
      const k = Math.round((s.gridTime - swung) / slot);
      expect(Math.abs(s.gridTime - (k * slot + swung))).toBeLessThan(1e-9);
      expect(s.gridTime).toBeGreaterThanOrEqual(song.barDuration - song.beat);
    }
    const starts = placed.words.map((w) => w.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(placed.words.map((w) => w.text).join(' ')).toBe(
      'I came up from the bottom with a pen and a dream every single night I was writing my scheme',
    );
    // Silence in the intro bar (a pickup may reach into its last beat), voice after it.
    const introEnd = Math.round(0.5 * song.barDuration * 44100);
    expect(placed.lead.subarray(0, introEnd).every((x) => x === 0)).toBe(true);
    expect(placed.lead.some((x) => Math.abs(x) > 0.05)).toBe(true);

    const beat = renderSongBeat(song, placed, 1);
    expect(beat).not.toBeNull();
    expect(renderSongBeat({ ...song, accompaniment: 'none' }, placed, 1)).toBeNull();
    const mastered = masterSong([placed.lead, placed.lead.slice()], placed.totalBars * song.barDuration);
    expect(mastered.length).toBe(Math.round((placed.totalBars * song.barDuration + 1.5) * 44100));
    const loudness = measureLoudness(mastered.channels, 44100);
    expect(Math.abs(loudness.integratedLufs + 14)).toBeLessThan(0.5);
  });

  it("ad-libs answer every other line in its gap, never over the next line's pickup", async () => {
    const song = prepareSong({
      lyrics: `[Verse]
Paid $2.50 for a coffee and a tune
Hold on
She made €10 in Paris, Marcus made £3
Call me at 7 pm, I'll be waiting by the door`,
      artistId: 'mc-volt',
      musicSelectionId: 'dusty-crates',
    });
    const placed = await placeOnBeat(song, await synthesizeVoice(song), 'preview');
    const lines = [0, 1, 2, 3].map((l) => placed.words.filter((w) => w.line === l));
    const at = (t: number) => Math.round(t * 44100);
    const heard = (from: number, to: number) =>
      placed.adlibs.some((side) => side.subarray(at(from), at(to)).some((x) => Math.abs(x) > 1e-4));
    // "Hold on" leaves most of its bar: the next line's pickup reaches back into it.
    const pickup = lines[2]![0]!.start;
    expect(pickup).toBeLessThan(placed.syllables.find((s) => s.word === 'ten')!.gridTime - 0.3);
    expect(heard(pickup, lines[2]!.at(-1)!.end)).toBe(false);
    // The last line's gap is free: its answer is there.
    const end = lines[3]!.at(-1)!.end;
    expect(heard(end, end + 2 * song.beat)).toBe(true);
  });
});
