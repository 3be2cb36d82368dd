import type { ByteRange } from '../storage/storage.ts';

/**
 * Reads a `Range` header for an object of `size` bytes (RFC 9110 §14). Returns:
 * - `null`: no usable range, answer 200 with the whole object (absent, malformed or multi-range);
 * - `'unsatisfiable'`: answer 416 with `Content-Range: bytes * /size`;
 * - a range clamped to the object.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Number(endText);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (endText !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
