import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * What a song's generated cover is drawn from. The same inputs always draw the same picture, so a cover
 * needs no stored state: its version is a hash of these, and a rename (or a design change) draws anew.
 */
export interface CoverArtInputs {
  title: string;
  /** The performer shown under the title (a built-in artist's name); may be empty. */
  artist: string;
  /** The beat's title; may be empty (a song cover has none). */
  beat: string;
  /** The beat's mood id (`chill`, `dark`, `hype`, `sad`, `happy`, `boom-bap`); other values draw neutral. */
  mood: string;
  /** The flow style id; picks the motif. */
  style: string;
}

/** The sizes a cover is served at: the player, song page and link previews; and song rows. */
export const COVER_ART_SIZES = { cover: 640, thumbnail: 192 } as const;
export type CoverArtSize = keyof typeof COVER_ART_SIZES;

/** Bumped when the drawing changes, so every song's cover is drawn again. */
const ART_REVISION = 1;

/** Background base, middle and accent per mood; Bops lime and signal red lead wherever they fit. */
const MOOD_PALETTES: Record<string, readonly [string, string, string]> = {
  chill: ['#04121a', '#1c6b73', '#ccff66'],
  dark: ['#050505', '#4a1d8c', '#f53300'],
  hype: ['#160400', '#f53300', '#ccff66'],
  sad: ['#050a16', '#35557a', '#b9d4ff'],
  happy: ['#1c0d00', '#ff8a1f', '#ccff66'],
  'boom-bap': ['#120c07', '#8a5a2e', '#f2e3c2'],
};
const NEUTRAL_PALETTE = ['#000000', '#3a3a3a', '#ccff66'] as const;

const VIEW = 1000;
const MARGIN = 64;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** A short, stable version of the inputs (also the name of the stored files). */
export function coverArtVersion(inputs: CoverArtInputs): string {
  const canonical = JSON.stringify([
    ART_REVISION,
    inputs.title,
    inputs.artist,
    inputs.beat,
    inputs.mood,
    inputs.style,
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/** Mulberry32 seeded from the inputs' hash: the same shapes for the same song on every machine. */
function randomFrom(version: string): () => number {
  let state = Number.parseInt(version.slice(0, 8), 16) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hexToHsl(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = ((value >> 16) & 255) / 255;
  const g = ((value >> 8) & 255) / 255;
  const b = (value & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return `hsl(${hue.toFixed(1)}, ${(clamp(s) * 100).toFixed(1)}%, ${(clamp(l) * 100).toFixed(1)}%)`;
}

/** The mood's middle colour turned a little around the wheel, so songs of one mood differ in colour too. */
function shiftHue(hex: string, degrees: number, lightness = 0): string {
  const [h, s, l] = hexToHsl(hex);
  return hsl(h + degrees, s, l + lightness);
}

/** XML 1.0 refuses control characters and lone surrogates; names may hold either from before the rules. */
function xmlText(value: string): string {
  return (
    value
      // In unicode mode a paired surrogate is one astral character, so \p{Cs} is only ever a lone half.
      .replace(/[\p{Cc}\p{Cs}\ufffe\uffff]/gu, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
  );
}

/** Rough advance of a character in em of a bold sans face: wide scripts take a full em. */
function charEm(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x1100) return 1;
  if (/[ilj.,'!|:;]/.test(char)) return 0.34;
  if (/[mwMW@]/.test(char)) return 0.95;
  if (/[A-Z0-9]/.test(char)) return 0.74;
  return 0.62;
}

function textEm(text: string): number {
  let width = 0;
  for (const char of text) width += charEm(char);
  return width;
}

/** Cuts text to a width (in em) with an ellipsis. */
function fitEm(text: string, maxEm: number): string {
  if (textEm(text) <= maxEm) return text;
  let out = '';
  for (const char of text) {
    if (textEm(`${out}${char}…`) > maxEm) break;
    out += char;
  }
  return `${out.trimEnd()}…`;
}

/**
 * The title broken into at most three lines at the largest size that keeps every word whole; a title
 * too long even then is cut with an ellipsis on its last line.
 */
export function layoutTitle(title: string): { lines: string[]; fontSize: number } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const width = VIEW - MARGIN * 2;
  for (const fontSize of [132, 116, 102, 90, 78, 68]) {
    const maxEm = width / fontSize;
    const lines: string[] = [];
    let current = '';
    let fits = true;
    for (const word of words) {
      if (textEm(word) > maxEm) {
        fits = false;
        break;
      }
      const candidate = current ? `${current} ${word}` : word;
      if (textEm(candidate) <= maxEm) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    if (fits && lines.length <= 3) return { lines, fontSize };
  }
  const fontSize = 60;
  const maxEm = width / fontSize;
  const lines: string[] = [];
  let rest = words.join(' ');
  while (rest && lines.length < 3) {
    if (lines.length === 2 || textEm(rest) <= maxEm) {
      lines.push(fitEm(rest, maxEm));
      break;
    }
    let cut = '';
    for (const char of rest) {
      if (textEm(cut + char) > maxEm) break;
      cut += char;
    }
    const space = cut.lastIndexOf(' ');
    const line = space > cut.length / 2 ? cut.slice(0, space) : cut;
    lines.push(line);
    rest = rest.slice(line.length).trimStart();
  }
  return { lines, fontSize };
}

type Motif = (random: () => number, colors: { mid: string; accent: string; light: string }) => string;

const n = (value: number) => value.toFixed(1);

/** A record's grooves, partly off the edge. */
const rings: Motif = (random, { mid, accent, light }) => {
  const cx = 560 + random() * 320;
  const cy = 180 + random() * 260;
  const outer = 380 + random() * 160;
  const parts = [`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(outer)}" fill="#000" opacity=".55"/>`];
  for (let r = outer - 24; r > 90; r -= 18 + random() * 22) {
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${light}" stroke-opacity="${(0.08 + random() * 0.14).toFixed(2)}" stroke-width="${n(1.5 + random() * 3)}"/>`,
    );
  }
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="82" fill="${accent}"/>`);
  parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="12" fill="${mid}"/>`);
  return parts.join('');
};

/** Slow waves across the picture. */
const waves: Motif = (random, { accent, light }) => {
  const parts: string[] = [];
  const count = 7 + Math.floor(random() * 4);
  const amplitude = 30 + random() * 50;
  const period = 260 + random() * 240;
  const phase = random() * Math.PI * 2;
  for (let i = 0; i < count; i++) {
    const y0 = 90 + i * (520 / count);
    let d = `M -20 ${n(y0)}`;
    for (let x = 0; x <= VIEW + 40; x += 40) {
      const y = y0 + Math.sin((x / period) * Math.PI * 2 + phase + i * 0.55) * amplitude;
      d += ` L ${x} ${n(y)}`;
    }
    const stroke = i % 3 === 0 ? accent : light;
    parts.push(
      `<path d="${d}" fill="none" stroke="${stroke}" stroke-opacity="${(0.25 + random() * 0.5).toFixed(2)}" stroke-width="${n(4 + random() * 10)}" stroke-linecap="round"/>`,
    );
  }
  return parts.join('');
};

/** Fast diagonal stripes. */
const stripes: Motif = (random, { accent, light }) => {
  const angle = -30 - random() * 30;
  const parts: string[] = [];
  let x = -600;
  while (x < 1500) {
    const width = 14 + random() * 70;
    const fill = random() < 0.3 ? accent : light;
    parts.push(
      `<rect x="${n(x)}" y="-400" width="${n(width)}" height="1800" fill="${fill}" opacity="${(0.08 + random() * 0.4).toFixed(2)}"/>`,
    );
    x += width + 20 + random() * 70;
  }
  return `<g transform="rotate(${n(angle)} 500 500)">${parts.join('')}</g>`;
};

/** Triangles in threes on a grid. */
const triangles: Motif = (random, { accent, light, mid }) => {
  const parts: string[] = [];
  const cell = 125;
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 8; col++) {
      if (random() < 0.45) continue;
      const x = col * cell + (row % 2) * (cell / 2) - 30;
      const y = row * cell * 0.9 + 20;
      const up = (row + col) % 3 !== 0;
      const points = up
        ? `${n(x)},${n(y + cell * 0.8)} ${n(x + cell / 2)},${n(y)} ${n(x + cell)},${n(y + cell * 0.8)}`
        : `${n(x)},${n(y)} ${n(x + cell / 2)},${n(y + cell * 0.8)} ${n(x + cell)},${n(y)}`;
      const pick = random();
      const fill = pick < 0.2 ? accent : pick < 0.6 ? light : mid;
      parts.push(
        `<polygon points="${points}" fill="${fill}" opacity="${(0.12 + random() * 0.5).toFixed(2)}"/>`,
      );
    }
  }
  return parts.join('');
};

/** Blocky equaliser bars. */
const bars: Motif = (random, { accent, light }) => {
  const parts: string[] = [];
  const count = 14 + Math.floor(random() * 8);
  const step = (VIEW - 40) / count;
  for (let i = 0; i < count; i++) {
    const height = 120 + random() * 460;
    const blocks = Math.max(2, Math.floor(height / 46));
    for (let b = 0; b < blocks; b++) {
      const y = 640 - (b + 1) * 46;
      const fill = b === blocks - 1 && random() < 0.6 ? accent : light;
      parts.push(
        `<rect x="${n(20 + i * step + 4)}" y="${n(y)}" width="${n(step - 10)}" height="36" rx="6" fill="${fill}" opacity="${(0.18 + (b / blocks) * 0.5).toFixed(2)}"/>`,
      );
    }
  }
  return parts.join('');
};

/** Soft overlapping circles of light. */
const glows: Motif = (random, { accent, light, mid }) => {
  const parts: string[] = [];
  const fills = [accent, light, mid];
  for (let i = 0; i < 6; i++) {
    const cx = random() * VIEW;
    const cy = 60 + random() * 560;
    const r = 120 + random() * 260;
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#glow${i % 3})" opacity="${(0.4 + random() * 0.5).toFixed(2)}"/>`,
    );
  }
  const stops = fills
    .map(
      (color, i) =>
        `<radialGradient id="glow${i}"><stop offset="0" stop-color="${color}" stop-opacity=".9"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    )
    .join('');
  return `<defs>${stops}</defs>${parts.join('')}`;
};

const MOTIFS: Record<string, Motif> = {
  straight: rings,
  'laid-back': waves,
  'double-time': stripes,
  triplet: triangles,
  choppy: bars,
  melodic: glows,
};
const FALLBACK_MOTIFS: readonly Motif[] = [rings, waves, glows];

/** The cover as SVG, drawn on a 1000 × 1000 view box at `size` pixels. */
export function coverArtSvg(inputs: CoverArtInputs, size: number = VIEW): string {
  const version = coverArtVersion(inputs);
  const random = randomFrom(version);
  const [base, middle, accent] = MOOD_PALETTES[inputs.mood] ?? NEUTRAL_PALETTE;
  const mid = shiftHue(middle, (random() - 0.5) * 50);
  const light = shiftHue(middle, (random() - 0.5) * 30, 0.35);
  const motif =
    MOTIFS[inputs.style] ?? FALLBACK_MOTIFS[Math.floor(random() * FALLBACK_MOTIFS.length)] ?? rings;
  const angle = random() * 360;
  const { lines, fontSize } = layoutTitle(inputs.title || 'Untitled');
  const lineHeight = fontSize * 1.04;
  const subtitle = [inputs.artist, inputs.beat].filter(Boolean).join(' · ');
  const subtitleSize = 40;
  const bottom = VIEW - MARGIN - (subtitle ? subtitleSize + 26 : 0);
  const titleTop = bottom - lineHeight * (lines.length - 1);
  const title = lines
    .map(
      (line, i) =>
        `<text x="${MARGIN}" y="${n(titleTop + i * lineHeight)}" font-size="${fontSize}" font-weight="700" fill="#ffffff" letter-spacing="-1">${xmlText(line)}</text>`,
    )
    .join('');
  const scrimTop = Math.max(300, titleTop - fontSize - 120);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${VIEW} ${VIEW}" font-family="${FONT}">`,
    `<defs>`,
    `<linearGradient id="bg" gradientTransform="rotate(${n(angle)} .5 .5)"><stop offset="0" stop-color="${base}"/><stop offset=".55" stop-color="${mid}"/><stop offset="1" stop-color="${base}"/></linearGradient>`,
    `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset=".45" stop-color="#000" stop-opacity=".72"/><stop offset="1" stop-color="#000" stop-opacity=".9"/></linearGradient>`,
    `</defs>`,
    `<rect width="${VIEW}" height="${VIEW}" fill="url(#bg)"/>`,
    motif(random, { mid, accent, light }),
    `<rect y="${n(scrimTop)}" width="${VIEW}" height="${n(VIEW - scrimTop)}" fill="url(#scrim)"/>`,
    `<rect x="${MARGIN}" y="${MARGIN}" width="128" height="44" rx="22" fill="#000" opacity=".6"/>`,
    `<text x="${MARGIN + 64}" y="${MARGIN + 31}" text-anchor="middle" font-size="24" font-weight="700" letter-spacing="4" fill="#ccff66">BOPS</text>`,
    title,
    subtitle
      ? `<text x="${MARGIN}" y="${VIEW - MARGIN}" font-size="${subtitleSize}" fill="${accent}">${xmlText(fitEm(subtitle, (VIEW - MARGIN * 2) / (subtitleSize * 0.92)))}</text>`
      : '',
    `</svg>`,
  ].join('');
}

/** Any SVG larger than this is not one of ours; librsvg gets no more to chew on. */
const MAX_SVG_BYTES = 256 * 1024;

/** The cover drawn and encoded: JPEG at cover size (link previews read it everywhere), WebP for rows. */
export async function renderCoverArt(
  inputs: CoverArtInputs,
  size: CoverArtSize,
): Promise<{ body: Buffer; contentType: string; extension: string }> {
  const pixels = COVER_ART_SIZES[size];
  const svg = Buffer.from(coverArtSvg(inputs, pixels));
  if (svg.length > MAX_SVG_BYTES) throw new Error('cover art SVG unexpectedly large');
  const image = sharp(svg, { limitInputPixels: pixels * pixels * 4 });
  if (size === 'cover') {
    return {
      body: await image.jpeg({ quality: 86, mozjpeg: true }).toBuffer(),
      contentType: 'image/jpeg',
      extension: 'jpg',
    };
  }
  return { body: await image.webp({ quality: 82 }).toBuffer(), contentType: 'image/webp', extension: 'webp' };
}
