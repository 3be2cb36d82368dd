import type { MusicSelectionDefinition } from './music-catalog.ts';
import { MOOD_PRESETS, type MoodId } from './mood-presets.ts';
import { seededRandom } from './seeded-random.ts';
import { keyLabel } from './music-theory.ts';

const PALETTES: Record<MoodId, [string, string, string]> = {
  chill: ['#1b2a49', '#4f8a8b', '#fbd46d'],
  dark: ['#0b0b0f', '#3a0ca3', '#f72585'],
  hype: ['#1a0000', '#f53300', '#ccff66'],
  sad: ['#0d1b2a', '#415a77', '#e0e1dd'],
  happy: ['#ffb703', '#fb8500', '#023047'],
  'boom-bap': ['#2b2118', '#a47148', '#f2e8cf'],
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 512x512 SVG cover: mood colours, seeded concentric "record" rings and equaliser bars, title. */
export function coverSvg(selection: MusicSelectionDefinition): string {
  const [bg, mid, accent] = PALETTES[selection.mood];
  const random = seededRandom(selection.seed);
  const bars = Array.from({ length: 24 }, (_, i) => {
    const h = 40 + random() * 160;
    return `<rect x="${40 + i * 18}" y="${420 - h}" width="10" height="${h.toFixed(0)}" rx="4" fill="${accent}" opacity="${(0.5 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const rings = Array.from(
    { length: 6 },
    (_, i) =>
      `<circle cx="256" cy="200" r="${150 - i * 22}" fill="none" stroke="${mid}" stroke-width="${2 + (i % 3)}" opacity="${(0.9 - i * 0.12).toFixed(2)}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/>${rings}<circle cx="256" cy="200" r="18" fill="${accent}"/>${bars}
<text x="40" y="470" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(selection.title)}</text>
<text x="40" y="498" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#ffffff" opacity="0.8">${escapeXml(`${MOOD_PRESETS[selection.mood].label} · ${selection.bpm} BPM · ${keyLabel(selection.key)}`)}</text>
</svg>`;
}
