import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeCoverPicture, reencodePhoto, uploadedImageFormat } from './reencode-photo.ts';

const picture = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
    .toFormat(format)
    .toBuffer();

describe('uploaded pictures', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', async () => {
    expect(uploadedImageFormat(await picture('jpeg'))).toBe('jpeg');
    expect(uploadedImageFormat(await picture('png'))).toBe('png');
    expect(uploadedImageFormat(await picture('webp'))).toBe('webp');
    expect(uploadedImageFormat(await picture('gif'))).toBeNull();
    expect(uploadedImageFormat(await picture('tiff'))).toBeNull();
    expect(uploadedImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(uploadedImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(uploadedImageFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('re-encodes the three formats and refuses the others readably, before any decoder sees them', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const photo = await reencodePhoto(await picture(format));
      expect(await sharp(photo).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    }
    // Pictures libvips could decode, refused because the product does not take them.
    for (const format of ['gif', 'tiff'] as const) {
      const bytes = await picture(format);
      await expect(reencodePhoto(bytes)).rejects.toMatchObject({
        statusCode: 400,
        message: 'This file is not an image we can read. Please upload a JPEG, PNG or WebP photo.',
      });
      await expect(reencodeCoverPicture(bytes, { cover: 64, thumbnail: 16 })).rejects.toMatchObject({
        statusCode: 400,
        message: 'This file is not an image we can read. Please upload a JPEG, PNG or WebP picture.',
      });
    }
  });
});
