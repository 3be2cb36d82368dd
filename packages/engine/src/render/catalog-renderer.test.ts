import { describe, expect, it } from 'vitest';
import { renderArtistPreview, renderMusicSelection } from './catalog-renderer.ts';
import { decodeAudio } from '../io/audio-decoder.ts';
import { measureLoudness } from '../analysis/loudness-meter.ts';
import { listArtists } from '../artists/artist-catalog.ts';

describe('catalogue renders', () => {
  it('renders a music selection to a mastered MP3 with an SVG cover', async () => {
    const result = await renderMusicSelection('golden-hour', { bars: 6 });
    const decoded = await decodeAudio(result.mp3);
    expect(Math.abs(decoded.durationSeconds - result.durationSeconds)).toBeLessThan(0.1);
    const loudness = measureLoudness(decoded.channels, decoded.sampleRate);
    expect(Math.abs(loudness.integratedLufs + 14)).toBeLessThan(1);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(result.cover.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(result.cover.bytes)).toContain('Golden Hour');
  });
  it('renders an artist preview, and rejects unknown ids', async () => {
    const preview = await renderArtistPreview('lil-nova');
    expect(preview.durationSeconds).toBeGreaterThan(8);
    expect(preview.durationSeconds).toBeLessThan(30);
    expect((await decodeAudio(preview.mp3)).channels).toHaveLength(2);
    await expect(renderArtistPreview('nobody')).rejects.toThrow(/Unknown artist/);
    await expect(renderMusicSelection('nothing')).rejects.toThrow(/Unknown music selection/);
  });
  it('lists at least 6 rappers and 4 singers of both genders', () => {
    const artists = listArtists();
    expect(artists.filter((a) => a.kind === 'rapper').length).toBeGreaterThanOrEqual(6);
    expect(artists.filter((a) => a.kind === 'singer').length).toBeGreaterThanOrEqual(4);
    expect(new Set(artists.map((a) => a.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(artists.map((a) => a.id)).size).toBe(artists.length);
  });
});
