import type { HostileFile } from './hostile-corpus.ts';

/** An upload route and the form around the file it takes. */
export interface UploadRoute {
  name: string;
  url: string;
  field: string;
  fields: Record<string, string>;
  family: HostileFile['family'];
}

export interface UploadOutcome {
  route: string;
  file: string;
  status: number;
  message: string;
  ms: number;
}

/** Stops a request that has not answered by then: it counts as a hang. */
const HANG_MS = 20_000;

/** Posts one file the way a browser's form does, and times the answer. */
export async function postUpload(
  base: string,
  headers: Record<string, string>,
  route: UploadRoute,
  file: HostileFile,
): Promise<UploadOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(route.fields)) form.append(name, value);
  form.append(route.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const started = performance.now();
  try {
    const response = await fetch(`${base}${route.url}`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    let message = '';
    try {
      message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      message = text.slice(0, 200);
    }
    return {
      route: route.name,
      file: file.name,
      status: response.status,
      message,
      ms: performance.now() - started,
    };
  } catch (error) {
    return {
      route: route.name,
      file: file.name,
      status: 0,
      message: String(error),
      ms: performance.now() - started,
    };
  }
}

/** Asks `/api/health` every `intervalMs` while the corpus runs; the slowest answer is what counts. */
export function watchHealth(base: string, intervalMs = 100) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(HANG_MS) });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      const p95Ms = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
      return { samples: times.length, maxMs: Math.max(0, ...times), p95Ms, failures };
    },
  };
}

/** A refusal a person can read: a 4xx that says what is wrong, with no stack trace or internals. */
export function isReadableRefusal(outcome: UploadOutcome): boolean {
  return (
    outcome.status >= 400 &&
    outcome.status < 500 &&
    outcome.message.length >= 10 &&
    !/\bat \S+ \(|node:internal|\.ts:\d+|TypeError|RangeError|Invalid typed array/.test(outcome.message)
  );
}

/**
 * Every upload route of Bops, with the rest of its form filled in as the web app fills it: `singerId` is a
 * finished AI singer of the sender, `songId` a song of theirs.
 */
export function uploadRoutes(singerId: string, songId: string): UploadRoute[] {
  return [
    {
      name: 'AI singer sample',
      url: '/api/music/voice_clone/create/v2',
      field: 'audio',
      fields: { voice_clone_nickname: 'Hostile', terms: 'true' },
      family: 'audio',
    },
    {
      name: 'song cover file',
      url: '/api/music/create_song_cover',
      field: 'song',
      fields: { voice_clone_id: singerId, song_title: 'Hostile' },
      family: 'audio',
    },
    {
      name: 'profile photo',
      url: '/api/user/bops_profile/photo',
      field: 'photo',
      fields: {},
      family: 'image',
    },
    {
      name: 'AI singer photo',
      url: '/api/music/voice_clone/update_avatar_image',
      field: 'photo',
      fields: { voice_clone_id: singerId },
      family: 'image',
    },
    {
      name: 'song cover picture',
      url: `/api/music/song/${songId}/cover`,
      field: 'cover',
      fields: {},
      family: 'image',
    },
  ];
}
