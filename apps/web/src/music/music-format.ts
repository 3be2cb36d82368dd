/** Display formats of docs/PRODUCT.md#validation and #constants: counts with k/M/G, durations mm:ss, truncation and cover paths. */

export const DEFAULT_COVER = '/images/default-cover.svg';
export const TRUNCATE_DEFAULT = 100;
export const TRUNCATE_CAPTION = 140;

const units = ['', 'k', 'M', 'G'] as const;

/** 950 → "950", 1234 → "1.2k", 15_000_000 → "15M". Counts are never negative on screen. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  let scaled = Math.floor(value);
  let unit = 0;
  if (scaled < 1000) return String(scaled);
  scaled = value;
  while (scaled >= 1000 && unit < units.length - 1) {
    scaled /= 1000;
    unit += 1;
  }
  // One decimal at most, rounded down so 999_999 never reads as the next unit's "1000k".
  const shown = Math.floor(scaled * 10) / 10;
  return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)}${units[unit]}`;
}

/** Seconds → "mm:ss" (minutes keep counting past 59). Unknown lengths read "00:00". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '00:00';
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** Cuts text over the limit (docs/PRODUCT.md#validation: default 100). Counts characters, not UTF-16 halves, so emoji stay whole. */
export function truncateText(text: string, limit: number = TRUNCATE_DEFAULT): string {
  const characters = Array.from(text);
  return characters.length > limit ? characters.slice(0, limit).join('') : text;
}

/** Lyric and caption text: cut at 140 characters with "..." (docs/PRODUCT.md#validation). */
export function truncateCaption(text: string, limit: number = TRUNCATE_CAPTION): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}...`;
}

/**
 * docs/PRODUCT.md#validation: paths already on our storage (the API's file routes) or the default cover are used as they are; anything
 * else we cannot resolve in the browser, and an empty part means the song has none, so both show the default cover.
 */
export function coverSrc(path: string | null | undefined): string {
  if (!path) return DEFAULT_COVER;
  if (path.startsWith('/api/') || path.startsWith(DEFAULT_COVER) || /^https?:\/\//.test(path)) return path;
  return DEFAULT_COVER;
}

/**
 * The line under a song's title and artist: its prompt, unless that only repeats the title (the demo songs'
 * prompt is their title), so a row never reads title / artist / title.
 */
export function songCaption(song: { musicName: string; prompt?: string | null }): string | null {
  const prompt = song.prompt?.trim() ?? '';
  if (prompt === '' || prompt.toLowerCase() === song.musicName.trim().toLowerCase()) return null;
  return truncateCaption(prompt);
}
