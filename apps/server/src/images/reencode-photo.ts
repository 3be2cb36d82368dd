import sharp from 'sharp';
import { badRequest } from '../http/http-error.ts';

/** The largest photo side we keep; larger images are scaled down. */
const PHOTO_SIZE = 512;

/**
 * Re-encodes an uploaded photo (any common image format) as a square JPEG without its metadata
 * (EXIF, GPS, camera), so nothing but pixels is kept or served.
 */
export async function reencodePhoto(upload: Buffer): Promise<Buffer> {
  try {
    return await sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest('This file is not an image we can read. Please upload a JPEG, PNG or WebP photo.');
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
    throw badRequest('This file is not an image we can read. Please upload a JPEG, PNG or WebP picture.');
  }
}
