import sharp from 'sharp';
import { badRequest } from '../http/http-error.ts';

/** The largest photo side we keep; larger images are scaled down. */
const PHOTO_SIZE = 512;

export type UploadedImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * The format of an uploaded image by its first bytes, or null for anything but the three the product takes
 * (docs/PRODUCT.md#validation). Only these reach the image library: its other decoders (SVG, HEIF, TIFF, GIF, PDF
 * and more) never see an upload, so a flaw in one of them cannot be reached from outside.
 */
export function uploadedImageFormat(bytes: Uint8Array): UploadedImageFormat | null {
  const starts = (offset: number, ...values: number[]) =>
    bytes.length >= offset + values.length && values.every((value, at) => bytes[offset + at] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF, a 4-byte size, then WEBP.
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const notAPhoto = () =>
  badRequest('This file is not an image we can read. Please upload a JPEG, PNG or WebP photo.');
const notAPicture = () =>
  badRequest('This file is not an image we can read. Please upload a JPEG, PNG or WebP picture.');

/**
 * Re-encodes an uploaded photo (JPEG, PNG or WebP) as a square JPEG without its metadata
 * (EXIF, GPS, camera), so nothing but pixels is kept or served.
 */
export async function reencodePhoto(upload: Buffer): Promise<Buffer> {
  if (!uploadedImageFormat(upload)) throw notAPhoto();
  try {
    return await sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw notAPhoto();
  }
}

/**
 * A song's own cover picture, re-encoded like a profile photo (square, metadata stripped): the cover size
 * as JPEG (the player, song page and link previews) and the row size as WebP.
 */
export async function reencodeCoverPicture(
  upload: Buffer,
  sizes: { cover: number; thumbnail: number },
): Promise<{ cover: Buffer; thumbnail: Buffer }> {
  if (!uploadedImageFormat(upload)) throw notAPicture();
  try {
    const source = sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
    const [cover, thumbnail] = await Promise.all([
      source
        .clone()
        .resize(sizes.cover, sizes.cover, { fit: 'cover' })
        .jpeg({ quality: 86, mozjpeg: true })
        .toBuffer(),
      source
        .clone()
        .resize(sizes.thumbnail, sizes.thumbnail, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer(),
    ]);
    return { cover, thumbnail };
  } catch {
    throw notAPicture();
  }
}
