/**
 * Running median of `length` values read from `source` at `offset + i·stride`, over a centred
 * window of 2·half + 1 (shrunk at the ends), written to `target` at the same positions. A sorted
 * window updated by one removal and one insertion per step keeps it O(window) per value instead
 * of a sort each time: HPSS needs millions of these.
 */
export function runningMedian(
  source: Float32Array,
  target: Float32Array,
  offset: number,
  stride: number,
  length: number,
  half: number,
  sorted: Float64Array = new Float64Array(2 * half + 1),
): void {
  let count = 0;
  const insert = (value: number) => {
    let i = count++;
    while (i > 0 && sorted[i - 1]! > value) {
      sorted[i] = sorted[i - 1]!;
      i--;
    }
    sorted[i] = value;
  };
  const remove = (value: number) => {
    let i = 0;
    while (i < count - 1 && sorted[i] !== value) i++;
    for (; i < count - 1; i++) sorted[i] = sorted[i + 1]!;
    count--;
  };
  const last = Math.min(length - 1, half);
  for (let i = 0; i <= last; i++) insert(source[offset + i * stride]!);
  for (let i = 0; i < length; i++) {
    const mid = count >> 1;
    target[offset + i * stride] = count & 1 ? sorted[mid]! : 0.5 * (sorted[mid - 1]! + sorted[mid]!);
    const entering = i + half + 1;
    const leaving = i - half;
    if (leaving >= 0) remove(source[offset + leaving * stride]!);
    if (entering < length) insert(source[offset + entering * stride]!);
  }
}
