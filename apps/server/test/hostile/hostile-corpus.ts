// Writes the hostile media corpus into a folder: node apps/server/test/hostile/hostile-corpus.ts <folder>
import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';

/** One hostile file: what it is called and claims to be, and whether it poses as sound or a picture. */
export interface HostileFile {
  name: string;
  type: string;
  family: 'audio' | 'image';
  bytes: Buffer;
}

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value & 0xffff);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};
const be32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
};
const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A WAV file with every header field chosen by the caller (a correct PCM16 mono 44.1 kHz file by default). */
function wav(
  options: {
    rate?: number;
    channels?: number;
    bits?: number;
    format?: number;
    blockAlign?: number;
    dataBytes?: number;
    declaredData?: number;
    declaredRiff?: number;
    fill?: (index: number) => number;
  } = {},
): Buffer {
  const rate = options.rate ?? 44_100;
  const channels = options.channels ?? 1;
  const bits = options.bits ?? 16;
  const blockAlign = options.blockAlign ?? (channels * bits) / 8;
  const dataBytes = options.dataBytes ?? 2048;
  const data = Buffer.alloc(dataBytes);
  for (let i = 0; i < dataBytes; i += 1) data[i] = options.fill ? options.fill(i) : (i * 37) & 0xff;
  return Buffer.concat([
    ascii('RIFF'),
    u32(options.declaredRiff ?? 36 + dataBytes),
    ascii('WAVEfmt '),
    u32(16),
    u16(options.format ?? 1),
    u16(channels),
    u32(rate),
    u32(rate * blockAlign),
    u16(blockAlign),
    u16(bits),
    ascii('data'),
    u32(options.declaredData ?? dataBytes),
    data,
  ]);
}

/** An MPEG-1 Layer III frame header (bitrate and rate indexes as given) followed by filler. */
function mp3Frames(count: number, header = [0xff, 0xfb, 0x90, 0x64], frameBytes = 417): Buffer {
  const frame = Buffer.alloc(frameBytes, 0x55);
  Buffer.from(header).copy(frame);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

function id3(size: number): Buffer {
  // Sync-safe size: 7 bits per byte.
  const s = [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f];
  return Buffer.concat([ascii('ID3'), Buffer.from([4, 0, 0, ...s])]);
}

function oggPage(payload: Buffer, options: { segments?: number[]; headerType?: number } = {}): Buffer {
  const segments = options.segments ?? [payload.length];
  return Buffer.concat([
    ascii('OggS'),
    Buffer.from([0, options.headerType ?? 2]),
    Buffer.alloc(8), // granule position
    u32(1), // serial
    u32(0), // sequence
    u32(0), // checksum (left wrong on purpose)
    Buffer.from([segments.length, ...segments]),
    payload,
  ]);
}

function flac(
  streaminfo: { rate: number; channels: number; bits: number; totalSamples: number },
  extra = Buffer.alloc(0),
) {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  // 20 bits rate, 3 bits channels-1, 5 bits bits-1, 36 bits total samples.
  const rate = streaminfo.rate & 0xfffff;
  info[10] = rate >> 12;
  info[11] = (rate >> 4) & 0xff;
  info[12] =
    ((rate & 0xf) << 4) | (((streaminfo.channels - 1) & 7) << 1) | (((streaminfo.bits - 1) >> 4) & 1);
  const total = streaminfo.totalSamples;
  info[13] = (((streaminfo.bits - 1) & 0xf) << 4) | (Math.floor(total / 2 ** 32) & 0xf);
  info.writeUInt32BE(total >>> 0, 14);
  return Buffer.concat([ascii('fLaC'), Buffer.from([0x80, 0, 0, 34]), info, extra]);
}

function box(type: string, payload: Buffer, declared?: number): Buffer {
  return Buffer.concat([be32(declared ?? 8 + payload.length), ascii(type), payload]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer, badCrc = false): Buffer {
  const body = Buffer.concat([ascii(type), data]);
  return Buffer.concat([be32(data.length), body, be32(badCrc ? 0 : crc32(body))]);
}

function png(
  width: number,
  height: number,
  idat: Buffer,
  options: { bitDepth?: number; colour?: number; badCrc?: boolean } = {},
) {
  const ihdr = Buffer.concat([
    be32(width),
    be32(height),
    Buffer.from([options.bitDepth ?? 8, options.colour ?? 0, 0, 0, 0]),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr, options.badCrc),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip holding one deflated file of `size` zero bytes (a small file that expands enormously). */
function zipBomb(size: number): Buffer {
  const data = deflateSync(Buffer.alloc(size), { level: 9 });
  const name = ascii('zeros.wav');
  const local = Buffer.concat([
    u32(0x04034b50),
    u16(20),
    u16(0),
    u16(8),
    u16(0),
    u16(0),
    u32(0),
    u32(data.length),
    u32(size),
    u16(name.length),
    u16(0),
    name,
    data,
  ]);
  const central = Buffer.concat([
    u32(0x02014b50),
    u16(20),
    u16(20),
    u16(0),
    u16(8),
    u16(0),
    u16(0),
    u32(0),
    u32(data.length),
    u32(size),
    u16(name.length),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    u32(0),
    u32(0),
    name,
  ]);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(1),
    u16(1),
    u32(central.length),
    u32(local.length),
    u16(0),
  ]);
  return Buffer.concat([local, central, end]);
}

const tinyJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/** The corpus: every format Bops accepts, broken in the ways a hostile or careless upload breaks it. */
export function buildHostileCorpus(): HostileFile[] {
  const audio = (name: string, type: string, bytes: Buffer): HostileFile => ({
    name,
    type,
    family: 'audio',
    bytes,
  });
  const image = (name: string, type: string, bytes: Buffer): HostileFile => ({
    name,
    type,
    family: 'image',
    bytes,
  });
  const W = 'audio/wav';
  const deepBoxes = Array.from({ length: 2000 }).reduce<Buffer>(
    (inner) => box('moov', inner),
    Buffer.alloc(0),
  );
  return [
    // WAV
    audio('empty.wav', W, Buffer.alloc(0)),
    audio('riff-only.wav', W, ascii('RIFF')),
    audio('header-cut.wav', W, wav().subarray(0, 20)),
    audio('header-only.wav', W, wav({ dataBytes: 0 })),
    audio('rate-0.wav', W, wav({ rate: 0 })),
    audio('rate-1.wav', W, wav({ rate: 1 })),
    audio('rate-8-480-frames.wav', W, wav({ rate: 8, dataBytes: 960 })),
    audio('rate-7999.wav', W, wav({ rate: 7999 })),
    audio('rate-192001.wav', W, wav({ rate: 192_001 })),
    audio('rate-max.wav', W, wav({ rate: 0xffffffff })),
    audio('channels-0.wav', W, wav({ channels: 0, blockAlign: 2 })),
    audio('channels-65535.wav', W, wav({ channels: 65_535 })),
    audio('bits-0.wav', W, wav({ bits: 0, blockAlign: 2 })),
    audio('bits-7.wav', W, wav({ bits: 7, blockAlign: 1 })),
    audio('bits-64-pcm.wav', W, wav({ bits: 64 })),
    audio('block-align-0.wav', W, wav({ blockAlign: 0 })),
    audio('format-unknown.wav', W, wav({ format: 0x1234 })),
    audio('float-nan.wav', W, wav({ format: 3, bits: 32, fill: (i) => (i % 4 === 3 ? 0x7f : 0xff) })),
    audio('data-size-4gb.wav', W, wav({ declaredData: 0xffffffff })),
    audio('riff-size-4gb.wav', W, wav({ declaredRiff: 0xffffffff })),
    audio(
      'fmt-size-2gb.wav',
      W,
      Buffer.concat([ascii('RIFF'), u32(100), ascii('WAVEfmt '), u32(0x7fffffff), Buffer.alloc(16)]),
    ),
    audio(
      'no-fmt.wav',
      W,
      Buffer.concat([ascii('RIFF'), u32(1036), ascii('WAVEdata'), u32(1024), Buffer.alloc(1024, 1)]),
    ),
    audio('no-data.wav', W, wav().subarray(0, 36)),
    audio(
      'ten-thousand-chunks.wav',
      W,
      Buffer.concat([
        ascii('RIFF'),
        u32(80_004),
        ascii('WAVE'),
        ...Array.from({ length: 10_000 }, () => Buffer.concat([ascii('junk'), u32(0)])),
      ]),
    ),
    audio(
      'odd-chunk-size.wav',
      W,
      Buffer.concat([ascii('RIFF'), u32(60), ascii('WAVEjunk'), u32(0xfffffff1), Buffer.alloc(40)]),
    ),
    audio(
      'rf64.wav',
      W,
      Buffer.concat([ascii('RF64'), u32(0xffffffff), ascii('WAVEds64'), u32(28), Buffer.alloc(28, 0xff)]),
    ),
    // MP3
    audio('id3-only.mp3', 'audio/mpeg', id3(10)),
    audio('id3-size-huge.mp3', 'audio/mpeg', Buffer.concat([id3(0x0fffffff), Buffer.alloc(64)])),
    audio('mp3-garbage-frames.mp3', 'audio/mpeg', mp3Frames(20, [0xff, 0xfb, 0xff, 0xff])),
    audio('mp3-bad-bitrate.mp3', 'audio/mpeg', mp3Frames(20, [0xff, 0xfb, 0xf0, 0x64])),
    audio('mp3-reserved-rate.mp3', 'audio/mpeg', mp3Frames(20, [0xff, 0xfb, 0x9c, 0x64])),
    audio(
      'mp3-xing-4g-frames.mp3',
      'audio/mpeg',
      (() => {
        const frames = mp3Frames(3);
        Buffer.concat([ascii('Xing'), be32(3), be32(0xffffffff), be32(0xffffffff)]).copy(frames, 36);
        return frames;
      })(),
    ),
    audio('mp3-one-frame-cut.mp3', 'audio/mpeg', mp3Frames(1).subarray(0, 100)),
    // OGG
    audio('ogg-capture-only.ogg', 'audio/ogg', ascii('OggS')),
    audio('ogg-bad-page.ogg', 'audio/ogg', oggPage(Buffer.alloc(10), { segments: [255, 255, 255] })),
    audio(
      'ogg-vorbis-rate-0.ogg',
      'audio/ogg',
      oggPage(
        Buffer.concat([
          Buffer.from([1]),
          ascii('vorbis'),
          u32(0),
          Buffer.from([2]),
          u32(0),
          u32(0),
          u32(0),
          u32(0),
          Buffer.from([0xb8, 1]),
        ]),
      ),
    ),
    audio(
      'ogg-opus-255-channels.ogg',
      'audio/ogg',
      oggPage(
        Buffer.concat([
          ascii('OpusHead'),
          Buffer.from([1, 255]),
          u16(0),
          u32(48_000),
          u16(0),
          Buffer.from([0]),
        ]),
      ),
    ),
    audio(
      'ogg-empty-pages.ogg',
      'audio/ogg',
      Buffer.concat(Array.from({ length: 500 }, () => oggPage(Buffer.alloc(0), { segments: [] }))),
    ),
    // FLAC
    audio('flac-magic-only.flac', 'audio/flac', ascii('fLaC')),
    audio('flac-rate-0.flac', 'audio/flac', flac({ rate: 0, channels: 2, bits: 16, totalSamples: 1000 })),
    audio(
      'flac-rate-max.flac',
      'audio/flac',
      flac({ rate: 0xfffff, channels: 8, bits: 32, totalSamples: 1000 }),
    ),
    audio(
      'flac-duration-bomb.flac',
      'audio/flac',
      flac({ rate: 44_100, channels: 2, bits: 16, totalSamples: 2 ** 36 - 1 }),
    ),
    audio(
      'flac-block-16mb.flac',
      'audio/flac',
      Buffer.concat([ascii('fLaC'), Buffer.from([0x04, 0xff, 0xff, 0xff]), Buffer.alloc(64)]),
    ),
    audio(
      'flac-garbage-frames.flac',
      'audio/flac',
      flac({ rate: 44_100, channels: 2, bits: 16, totalSamples: 44_100 }, Buffer.alloc(4096, 0xff)),
    ),
    // MP4 / M4A
    audio(
      'm4a-ftyp-only.m4a',
      'audio/mp4',
      box('ftyp', Buffer.concat([ascii('M4A '), u32(0), ascii('M4A isom')])),
    ),
    audio(
      'm4a-box-4gb.m4a',
      'audio/mp4',
      Buffer.concat([box('ftyp', ascii('M4A \0\0\0\0')), box('mdat', Buffer.alloc(32), 0xffffffff)]),
    ),
    audio(
      'm4a-box-64bit-huge.m4a',
      'audio/mp4',
      Buffer.concat([
        box('ftyp', ascii('M4A \0\0\0\0')),
        be32(1),
        ascii('mdat'),
        Buffer.from([0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      ]),
    ),
    audio(
      'm4a-box-size-zero.m4a',
      'audio/mp4',
      Buffer.concat([box('ftyp', ascii('M4A \0\0\0\0')), be32(0), ascii('moov')]),
    ),
    audio(
      'm4a-2000-nested-boxes.m4a',
      'audio/mp4',
      Buffer.concat([box('ftyp', ascii('M4A \0\0\0\0')), deepBoxes]),
    ),
    audio(
      'm4a-mdhd-duration-bomb.m4a',
      'audio/mp4',
      Buffer.concat([
        box('ftyp', ascii('M4A \0\0\0\0')),
        box(
          'moov',
          box(
            'trak',
            box(
              'mdia',
              box('mdhd', Buffer.concat([Buffer.alloc(12), u32(1), u32(0xffffffff), Buffer.alloc(4)])),
            ),
          ),
        ),
      ]),
    ),
    // Images
    image('empty.jpg', 'image/jpeg', Buffer.alloc(0)),
    image('jpeg-soi-only.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8])),
    image('jpeg-cut.jpg', 'image/jpeg', tinyJpeg.subarray(0, Math.floor(tinyJpeg.length / 2))),
    image(
      'jpeg-65535-square.jpg',
      'image/jpeg',
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0xff, 0xff, 0xff, 0xff, 1, 1, 0x11, 0]),
        Buffer.alloc(64),
      ]),
    ),
    image(
      'png-pixel-flood.png',
      'image/png',
      png(20_000, 20_000, deflateSync(Buffer.alloc(20_000 * 2_501), { level: 9 }), { bitDepth: 1 }),
    ),
    image(
      'png-2g-square-header.png',
      'image/png',
      png(0x7fffffff, 0x7fffffff, deflateSync(Buffer.alloc(16))),
    ),
    image('png-bad-crc.png', 'image/png', png(4, 4, deflateSync(Buffer.alloc(20)), { badCrc: true })),
    image('png-idat-cut.png', 'image/png', png(64, 64, deflateSync(Buffer.alloc(64 * 65)).subarray(0, 10))),
    image(
      'gif-65535-square.gif',
      'image/gif',
      Buffer.concat([
        ascii('GIF89a'),
        u16(65_535),
        u16(65_535),
        Buffer.from([0, 0, 0]),
        Buffer.from([0x2c]),
        Buffer.alloc(8, 0xff),
        Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b]),
      ]),
    ),
    image(
      'webp-riff-4gb.webp',
      'image/webp',
      Buffer.concat([ascii('RIFF'), u32(0xffffffff), ascii('WEBPVP8 '), u32(0xfffffff0), Buffer.alloc(32)]),
    ),
    image(
      'bmp-huge.bmp',
      'image/bmp',
      Buffer.concat([
        ascii('BM'),
        u32(0xffffffff),
        u32(0),
        u32(54),
        u32(40),
        u32(0x7fffffff),
        u32(0x7fffffff),
        u16(1),
        u16(24),
        Buffer.alloc(24),
      ]),
    ),
    image(
      'tiff-huge.tif',
      'image/tiff',
      Buffer.concat([
        ascii('II*\0'),
        u32(8),
        u16(2),
        u16(256),
        u16(4),
        u32(1),
        u32(0x7fffffff),
        u16(257),
        u16(4),
        u32(1),
        u32(0x7fffffff),
        u32(0),
      ]),
    ),
    image('heic-ftyp-only.heic', 'image/heic', box('ftyp', ascii('heic\0\0\0\0mif1heic'))),
    image(
      'svg-script.svg',
      'image/svg+xml',
      ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
    ),
    image(
      'svg-billion-laughs.svg',
      'image/svg+xml',
      ascii(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&g;</text></svg>`,
      ),
    ),
    image(
      'svg-external-entity.svg',
      'image/svg+xml',
      ascii(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      ),
    ),
    image(
      'svg-huge-canvas.svg',
      'image/svg+xml',
      ascii(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%"/></svg>',
      ),
    ),
    // Polyglots and wrong types
    image(
      'gif-zip-polyglot.jpg',
      'image/jpeg',
      Buffer.concat([ascii('GIF89a'), u16(1), u16(1), Buffer.alloc(8), zipBomb(1024)]),
    ),
    image('html-as-jpeg.jpg', 'image/jpeg', ascii('<html><script>alert(1)</script></html>')),
    image('wav-as-photo.jpg', 'image/jpeg', wav()),
    image(
      'pdf-as-photo.png',
      'image/png',
      ascii('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'),
    ),
    audio('jpeg-as-sample.wav', W, tinyJpeg),
    audio('jpeg-wav-polyglot.wav', W, Buffer.concat([tinyJpeg, wav()])),
    audio('zip-bomb-as.mp3', 'audio/mpeg', zipBomb(50 * 1024 * 1024)),
    audio('gzip-bomb-as.wav', W, gzipSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 })),
    audio('pdf-as-song.mp3', 'audio/mpeg', ascii('%PDF-1.4\n%%EOF')),
    audio(
      'elf-as.wav',
      W,
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(1024)]),
    ),
    audio('utf16-text-as.wav', W, Buffer.from('\ufeffRIFF is not what this is', 'utf16le')),
    audio('zeros-256k.mp3', 'audio/mpeg', Buffer.alloc(256 * 1024)),
    audio(
      'random-64k.ogg',
      'audio/ogg',
      Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 2_654_435_761) >>> 24)),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) {
    process.stderr.write('Usage: node apps/server/test/hostile/hostile-corpus.ts <folder>\n');
    process.exit(1);
  }
  await fs.mkdir(folder, { recursive: true });
  const corpus = buildHostileCorpus();
  for (const file of corpus) await fs.writeFile(path.join(folder, file.name), file.bytes);
  process.stdout.write(`${corpus.length} files in ${folder}\n`);
}
