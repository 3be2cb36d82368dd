import type { Seconds } from '../units.ts';

export interface TimedText {
  text: string;
  start: Seconds;
  end: Seconds;
}

const stamp = (t: Seconds) => {
  const clamped = Math.max(0, t);
  const m = Math.floor(clamped / 60);
  const s = clamped - m * 60;
  return `${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
};

/** Enhanced LRC: a [mm:ss.xx] tag per line and an <mm:ss.xx> tag before every word. */
export function toLrc(
  lines: readonly TimedText[],
  words: readonly (TimedText & { line: number })[],
  { title, artist }: { title?: string; artist?: string } = {},
): string {
  const out: string[] = [];
  if (title) out.push(`[ti:${title}]`);
  if (artist) out.push(`[ar:${artist}]`);
  out.push('[re:Bops]');
  for (const [i, line] of lines.entries()) {
    const lineWords = words.filter((w) => w.line === i);
    const body = lineWords.length
      ? lineWords.map((w) => `<${stamp(w.start)}> ${w.text}`).join(' ') + ` <${stamp(line.end)}>`
      : line.text;
    out.push(`[${stamp(line.start)}] ${body}`);
  }
  return out.join('\n') + '\n';
}

/** Peak envelope for the player: `points` maxima of |x| over equal windows, scaled to 0..1. */
export function waveformPeaks(channels: readonly Float32Array[], points = 800): number[] {
  const n = channels[0]?.length ?? 0;
  if (n === 0) return [];
  const size = Math.max(1, Math.floor(n / points));
  const peaks: number[] = [];
  let max = 0;
  for (let p = 0; p < points && p * size < n; p++) {
    let peak = 0;
    const end = Math.min(n, (p + 1) * size);
    for (const ch of channels) for (let i = p * size; i < end; i++) peak = Math.max(peak, Math.abs(ch[i]!));
    peaks.push(peak);
    if (peak > max) max = peak;
  }
  return peaks.map((v) => (max > 0 ? Math.round((v / max) * 1000) / 1000 : 0));
}
