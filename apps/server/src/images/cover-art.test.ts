import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  coverArtSvg,
  coverArtVersion,
  layoutTitle,
  renderCoverArt,
  type CoverArtInputs,
} from './cover-art.ts';

const base: CoverArtInputs = {
  title: 'Midnight Drive',
  artist: 'Deacon Grey',
  beat: 'Midnight Drive',
  mood: 'chill',
  style: 'laid-back',
};

describe('cover art', () => {
  it('draws the same SVG for the same inputs and another for any change', () => {
    expect(coverArtSvg(base)).toBe(coverArtSvg({ ...base }));
    expect(coverArtVersion(base)).toMatch(/^[0-9a-f]{16}$/);
    const changes: Partial<CoverArtInputs>[] = [
      { title: 'Midnight Drive (take 2)' },
      { artist: 'MC Volt' },
      { beat: 'Golden Hour' },
      { mood: 'hype' },
      { style: 'choppy' },
    ];
    const versions = new Set([
      coverArtVersion(base),
      ...changes.map((c) => coverArtVersion({ ...base, ...c })),
    ]);
    expect(versions.size).toBe(changes.length + 1);
  });

  it('gives every flow style its own motif', () => {
    const styles = ['straight', 'laid-back', 'double-time', 'triplet', 'choppy', 'melodic'];
    const shapes = styles.map((style) => {
      const svg = coverArtSvg({ ...base, style });
      return ['<circle', '<path', '<g transform="rotate', '<polygon', 'rx="6"', 'radialGradient']
        .filter((tag) => svg.includes(tag))
        .join();
    });
    expect(new Set(shapes).size).toBe(styles.length);
  });

  it('breaks a title into at most three lines, shrinking before it cuts', () => {
    expect(layoutTitle('Golden Hour')).toEqual({ lines: ['Golden', 'Hour'], fontSize: 132 });
    expect(layoutTitle('Bops')).toEqual({ lines: ['Bops'], fontSize: 132 });
    const long = layoutTitle('A very long title about everything that happened on the way home last summer');
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.fontSize).toBeLessThan(132);
    const endless = layoutTitle('word '.repeat(60));
    expect(endless.lines).toHaveLength(3);
    expect(endless.lines[2]).toMatch(/…$/);
    const oneWord = layoutTitle('x'.repeat(80));
    expect(oneWord.lines.length).toBeLessThanOrEqual(3);
    expect(oneWord.lines.join('')).toContain('…');
  });

  it('keeps markup and control characters out of the picture', () => {
    const svg = coverArtSvg({ ...base, title: '<script>alert(1)</script> & "x"\u0007', artist: 'A&B' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toContain('\u0007');
    expect(svg).toContain('A&amp;B');
    const halves = coverArtSvg({ ...base, title: 'lone \ud800 half, whole 🎤' });
    expect(halves).not.toContain('\ud800');
    expect(halves).toContain('🎤');
  });

  it('renders a readable title: light text on a darkened bottom band', async () => {
    const { body, contentType } = await renderCoverArt(
      { ...base, mood: 'happy', style: 'straight' },
      'cover',
    );
    expect(contentType).toBe('image/jpeg');
    const { data, info } = await sharp(body).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(640);
    // The band behind the title is dark, and the title's strokes are near white.
    const band = data.subarray(info.width * 500, info.width * 600);
    const sorted = [...band].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.5)]!).toBeLessThan(90);
    expect(sorted[Math.floor(sorted.length * 0.98)]!).toBeGreaterThan(200);
  });
});
