/**
 * Renders the landing page's four feature previews (looping WebM, VP9) and their posters (WebP) from our own
 * drawings: waveforms, lyric lines and playlist cards, no third-party footage. Headless Chromium draws each frame
 * on a canvas and encodes it with WebCodecs; the chunks are muxed into WebM here.
 *
 *   node apps/web/scripts/make-landing-media.ts
 *
 * Writes apps/web/public/landing/{feature}.webm and {feature}.webp. Needs Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium). The files are committed, so the build does not need this script.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { chromiumArgs } from '../../../playwright.config.ts';

export const landingFeatures = ['ai-singer', 'song-remix', 'playlist', 'rap'] as const;
type Feature = (typeof landingFeatures)[number];

const width = 640;
const height = 360;
const fps = 24;
const seconds = 4;
const bitrate = 180_000;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'landing');

interface EncodedClip {
  chunks: { data: string; key: boolean; timestamp: number; duration: number }[];
  poster: string;
}

/** Runs inside the page: draws every frame of one feature, encodes it, and returns base64 chunks. */
async function renderInPage(args: {
  feature: Feature;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  bitrate: number;
}): Promise<EncodedClip> {
  const { feature, width: w, height: h, fps: rate, seconds: length } = args;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  const lime = '#CCFF66';
  const orange = '#f53300';
  const paper = '#292929';
  const font = (size: number, weight = 700) =>
    `${weight} ${size}px "DejaVu Sans", "Liberation Sans", sans-serif`;
  const tau = Math.PI * 2;

  function background() {
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, w, h);
    const glow = ctx.createRadialGradient(w * 0.5, -h * 0.1, 10, w * 0.5, -h * 0.1, w * 0.8);
    glow.addColorStop(0, 'rgba(204,255,102,0.20)');
    glow.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, w, h);
  }

  function roundRect(x: number, y: number, rw: number, rh: number, r: number) {
    ctx.beginPath();
    ctx.roundRect(x, y, rw, rh, r);
    ctx.fill();
  }

  /** A smooth, periodic "voice" so the loop has no seam. */
  function voice(x: number, phase: number, seed: number) {
    return (
      0.55 * Math.sin(x * 9 + phase + seed) +
      0.3 * Math.sin(x * 23 - phase * 2 + seed * 2) +
      0.15 * Math.sin(x * 51 + phase * 3)
    );
  }

  function bars(
    x0: number,
    y: number,
    count: number,
    span: number,
    phase: number,
    color: string,
    amp: number,
  ) {
    const step = span / count;
    ctx.fillStyle = color;
    for (let index = 0; index < count; index++) {
      const level = Math.abs(voice(index / count, phase, 1.3)) * amp + 3;
      roundRect(x0 + index * step, y - level, step * 0.6, level * 2, 2);
    }
  }

  function aiSinger(t: number) {
    const phase = t * tau;
    // The singer: a microphone in a ring that breathes with the voice.
    const cx = w * 0.27;
    const cy = h * 0.5;
    const pulse = 1 + 0.06 * Math.sin(phase * 2);
    ctx.strokeStyle = lime;
    ctx.lineWidth = 4;
    for (let ring = 0; ring < 3; ring++) {
      ctx.globalAlpha = 0.5 - ring * 0.15;
      ctx.beginPath();
      ctx.arc(cx, cy, (62 + ring * 22) * pulse, 0, tau);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    ctx.fillStyle = lime;
    roundRect(cx - 18, cy - 46, 36, 62, 18);
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.arc(cx, cy - 6, 30, 0.1 * Math.PI, 0.9 * Math.PI);
    ctx.stroke();
    ctx.fillRect(cx - 3, cy + 24, 6, 22);
    roundRect(cx - 20, cy + 44, 40, 6, 3);
    // The sample becoming a singing voice: raw bars on the left turn into a pitch line.
    bars(w * 0.5, h * 0.36, 28, w * 0.42, phase, '#e6e6e6', 26);
    ctx.strokeStyle = lime;
    ctx.lineWidth = 4;
    ctx.beginPath();
    for (let x = 0; x <= 1; x += 0.01) {
      const px = w * 0.5 + x * w * 0.42;
      const py = h * 0.66 - 30 * Math.sin(x * tau * 2 - phase) * Math.sin(x * Math.PI);
      if (x === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.stroke();
    ctx.fillStyle = '#fff';
    ctx.font = font(22);
    ctx.fillText('Your voice', w * 0.5, h * 0.16);
    ctx.fillStyle = lime;
    ctx.fillText('Your AI singer', w * 0.5, h * 0.88);
  }

  function songRemix(t: number) {
    const phase = t * tau;
    // A record spinning on the left.
    const cx = w * 0.25;
    const cy = h * 0.52;
    ctx.fillStyle = paper;
    ctx.beginPath();
    ctx.arc(cx, cy, 100, 0, tau);
    ctx.fill();
    ctx.strokeStyle = '#3a3a3a';
    ctx.lineWidth = 2;
    for (let groove = 40; groove < 96; groove += 9) {
      ctx.beginPath();
      ctx.arc(cx, cy, groove, 0, tau);
      ctx.stroke();
    }
    ctx.fillStyle = orange;
    ctx.beginPath();
    ctx.arc(cx, cy, 30, 0, tau);
    ctx.fill();
    ctx.fillStyle = lime;
    const angle = phase;
    ctx.beginPath();
    ctx.arc(cx + Math.cos(angle) * 70, cy + Math.sin(angle) * 70, 8, 0, tau);
    ctx.fill();
    // The original track fades while the same melody comes back in the user's voice.
    const mix = 0.5 + 0.5 * Math.sin(phase);
    ctx.globalAlpha = 1 - mix * 0.7;
    bars(w * 0.5, h * 0.36, 26, w * 0.42, phase, '#8a8a8a', 28);
    ctx.globalAlpha = 0.3 + mix * 0.7;
    bars(w * 0.5, h * 0.68, 26, w * 0.42, phase + 0.6, lime, 28);
    ctx.globalAlpha = 1;
    ctx.font = font(18, 600);
    ctx.fillStyle = '#e6e6e6';
    ctx.fillText('Original', w * 0.5, h * 0.17);
    ctx.fillStyle = lime;
    ctx.fillText('In your voice', w * 0.5, h * 0.92);
  }

  function playlist(t: number) {
    const titles = [
      'Summer Nights',
      'Late Bus Home',
      'Kitchen Anthem',
      'Rooftop Freestyle',
      'Sunday Slow Jam',
    ];
    ctx.fillStyle = '#fff';
    ctx.font = font(24);
    ctx.fillText('My Bops', 40, 52);
    ctx.font = font(14, 400);
    ctx.fillStyle = '#e6e6e6';
    ctx.fillText('Private playlist · 5 songs', 40, 76);
    const playing = Math.floor(t * titles.length) % titles.length;
    titles.forEach((title, index) => {
      // Cards slide in one after another in the first quarter of the loop, then stay.
      const arrive = Math.min(1, Math.max(0, t * 8 - index * 0.35));
      const eased = 1 - (1 - arrive) ** 3;
      const x = 40 + (1 - eased) * w;
      const y = 96 + index * 52;
      ctx.fillStyle = index === playing ? '#3b4a1f' : paper;
      roundRect(x, y, w - 80, 44, 10);
      ctx.fillStyle = index % 2 === 0 ? lime : orange;
      roundRect(x + 8, y + 6, 32, 32, 6);
      ctx.fillStyle = '#fff';
      ctx.font = font(16, 600);
      ctx.fillText(title, x + 54, y + 28);
      if (index === playing) {
        const local = (t * titles.length) % 1;
        bars(x + w - 190, y + 22, 8, 80, local * tau * 2, lime, 10);
      } else {
        ctx.fillStyle = '#e6e6e6';
        ctx.font = font(13, 400);
        ctx.fillText(`${2 + index}:${String((index * 17) % 60).padStart(2, '0')}`, x + w - 140, y + 28);
      }
    });
  }

  function rap(t: number) {
    const lines = [
      'Wrote it on the bus,',
      'now the whole block knows,',
      'one take, no fuss,',
      'this is how it goes.',
    ];
    const beat = (t * 8) % 1;
    // Eight beats a loop: a grid of pads that light on the beat.
    for (let index = 0; index < 8; index++) {
      const active = Math.floor(t * 8) === index;
      ctx.fillStyle = active ? lime : paper;
      ctx.globalAlpha = active ? 1 - beat * 0.5 : 1;
      roundRect(40 + index * 72, h - 70, 60, 40, 8);
    }
    ctx.globalAlpha = 1;
    // Karaoke-style lyrics: each word lights up as it is rapped.
    ctx.font = font(26);
    const words = lines.map((line) => line.split(' '));
    const total = words.reduce((sum, line) => sum + line.length, 0);
    let spoken = Math.floor(t * (total + 2));
    words.forEach((line, row) => {
      let x = 40;
      const y = 64 + row * 52;
      for (const word of line) {
        ctx.fillStyle = spoken > 0 ? lime : '#5a5a5a';
        spoken--;
        ctx.fillText(word, x, y);
        x += ctx.measureText(`${word} `).width;
      }
    });
  }

  const draw: Record<Feature, (t: number) => void> = {
    'ai-singer': aiSinger,
    'song-remix': songRemix,
    playlist,
    rap,
  };

  function frame(t: number) {
    background();
    draw[feature](t);
  }

  const chunks: EncodedClip['chunks'] = [];
  const toBase64 = (bytes: Uint8Array) => {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const bytes = new Uint8Array(chunk.byteLength);
      chunk.copyTo(bytes);
      chunks.push({
        data: toBase64(bytes),
        key: chunk.type === 'key',
        timestamp: chunk.timestamp,
        duration: chunk.duration ?? Math.round(1e6 / rate),
      });
    },
    error: (error) => {
      throw error;
    },
  });
  encoder.configure({
    codec: 'vp09.00.10.08',
    width: w,
    height: h,
    bitrate: args.bitrate,
    framerate: rate,
    latencyMode: 'quality',
  });
  const frames = rate * length;
  for (let index = 0; index < frames; index++) {
    frame(index / frames);
    const video = new VideoFrame(canvas, {
      timestamp: Math.round((index * 1e6) / rate),
      duration: Math.round(1e6 / rate),
    });
    encoder.encode(video, { keyFrame: index === 0 });
    video.close();
  }
  await encoder.flush();
  encoder.close();
  // The poster is the moment the animation is fullest.
  frame(feature === 'playlist' || feature === 'rap' ? 0.7 : 0.2);
  const poster = canvas.toDataURL('image/webp', 0.72).split(',')[1]!;
  return { chunks, poster };
}

function mux(clip: EncodedClip): Uint8Array {
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: 'V_VP9', width, height, frameRate: fps },
    firstTimestampBehavior: 'offset',
  });
  for (const chunk of clip.chunks) {
    muxer.addVideoChunkRaw(Buffer.from(chunk.data, 'base64'), chunk.key ? 'key' : 'delta', chunk.timestamp);
  }
  muxer.finalize();
  return new Uint8Array(muxer.target.buffer);
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    // WebCodecs needs a secure context; localhost is one, and nothing is served but this empty page.
    await page.route('http://localhost/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>media</title>' }),
    );
    await page.goto('http://localhost/media');
    for (const feature of landingFeatures) {
      const clip = await page.evaluate(renderInPage, { feature, width, height, fps, seconds, bitrate });
      const video = mux(clip);
      const poster = Buffer.from(clip.poster, 'base64');
      await writeFile(path.join(outDir, `${feature}.webm`), video);
      await writeFile(path.join(outDir, `${feature}.webp`), poster);
      console.log(
        `${feature}: ${(video.byteLength / 1024).toFixed(1)} KB video, ${(poster.byteLength / 1024).toFixed(1)} KB poster`,
      );
    }
  } finally {
    await browser.close();
  }
}

await main();
