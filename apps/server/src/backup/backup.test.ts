import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationTasks, musicItems, playlists, voiceClones } from '../db/schema.ts';
import { as, buildUser, type TestUser } from '../test/factories.ts';
import { spawnScript, waitFor } from '../test/spawn-bops.ts';
import { startTestRuntime, type TestRuntime } from '../test/test-runtime.ts';

const cli = (name: string) => fileURLToPath(new URL(`../cli/${name}.cli.ts`, import.meta.url));

async function runCli(name: string, args: string[], env: Record<string, string>) {
  const run = spawnScript(cli(name), args, { LOG_LEVEL: 'silent', ...env });
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? listFiles(path.join(dir, e.name), base)
        : [path.relative(base, path.join(dir, e.name))],
    ),
  );
  return nested.flat().sort();
}

describe('backup and restore of an embedded Bops', () => {
  let source: TestRuntime;
  let restored: TestRuntime | undefined;
  let user: TestUser;
  const temp: string[] = [];
  const tempDir = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bops-backup-test-'));
    temp.push(dir);
    return dir;
  };

  beforeAll(async () => {
    source = await startTestRuntime('pglite');
    user = await buildUser(source.app!);
  });
  afterAll(async () => {
    await restored?.destroy();
    await source?.destroy();
    for (const dir of temp) await fs.rm(dir, { recursive: true, force: true });
  });

  it(
    'backs up a running instance while a creation renders, and restores every song, playlist, AI singer and file',
    { timeout: 240_000 },
    async () => {
      const playlist = await source.app!.inject({
        method: 'POST',
        url: '/api/music/playlist',
        headers: as(user),
        payload: { playlistName: 'Road Trip', private: true },
      });
      expect(playlist.statusCode).toBe(200);
      // An AI singer with its stored sample and model, as a finished build leaves it.
      const singerId = '6b0c2a61-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
      await source.storage.put(
        `voice-clones/${user.id}/${singerId}/sample.wav`,
        Buffer.from('RIFF sample'),
        'audio/wav',
      );
      await source.storage.put(
        `voice-clones/${user.id}/${singerId}/model.bin`,
        Buffer.from('model'),
        'application/octet-stream',
      );
      await source.database.db.insert(voiceClones).values({
        id: singerId,
        userId: user.id,
        nickname: 'Me',
        status: 'ready',
        sampleKey: `voice-clones/${user.id}/${singerId}/sample.wav`,
        modelKey: `voice-clones/${user.id}/${singerId}/model.bin`,
      });
      const create = () =>
        source.app!.inject({
          method: 'POST',
          url: '/api/music/createMusic/v3',
          headers: as(user),
          payload: {
            creatorNickname: 'DJ Backup',
            musicName: 'Safe Keeping',
            musicContext: 'We keep the rhythm safe tonight\nEvery copy of the song is right',
            contactEmail: '',
            artist_id: 'mc-volt',
            voice_clone_id: '',
            vocal_artist_id: '',
            mixmusic_id: 'na',
            version: '1.0',
          },
        });
      const first = (await create()).json().data as { task_id: string; musicId: string };
      await waitFor(
        async () => (await source.services.creation.progress(user.id, first.task_id)).status === 'completed',
        150_000,
        'the first song',
      );
      // A second creation is rendering while the backup is taken.
      const second = (await create()).json().data as { task_id: string; musicId: string };

      const target = path.join(await tempDir(), 'backup');
      const backup = await runCli('backup', [target], { DATA_DIR: source.config.dataDir });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up .* and \d+ files\.\n$/);
      const backedUp = await listFiles(path.join(target, 'files'));
      expect(backedUp).toContain(`music/${first.musicId}/song.mp3`);
      expect(backedUp).toContain(`voice-clones/${user.id}/${singerId}/model.bin`);
      expect(backedUp.some((file) => file.endsWith('.part'))).toBe(false);

      // The source keeps working while and after its backup is taken.
      await waitFor(
        async () => (await source.services.creation.progress(user.id, second.task_id)).status === 'completed',
        150_000,
        'the second song',
      );

      const dataDir = await tempDir();
      const restore = await runCli('restore', [target], { DATA_DIR: dataDir });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      restored = await startTestRuntime('pglite', { env: { DATA_DIR: dataDir }, start: { workers: false } });
      const db = restored.database.db;

      const songs = await db.select().from(musicItems).where(eq(musicItems.ownerId, user.id));
      expect(songs.map((s) => s.id)).toContain(first.musicId);
      const lists = await db.select().from(playlists).where(eq(playlists.ownerId, user.id));
      expect(lists.map((p) => p.title)).toContain('Road Trip');
      const [singer] = await db.select().from(voiceClones).where(eq(voiceClones.id, singerId));
      expect(singer).toMatchObject({ nickname: 'Me', status: 'ready' });
      expect(await restored.storage.readAll(singer!.modelKey!)).toEqual(Buffer.from('model'));
      // Every file the restored database refers to is there, and the same session still signs the person in.
      for (const song of songs.filter((s) => s.status === 'ready')) {
        expect(await restored.storage.stat(`music/${song.id}/song.mp3`), song.id).toBeTruthy();
      }
      const tasks = await db.select().from(creationTasks).where(eq(creationTasks.userId, user.id));
      expect(tasks.map((t) => t.id)).toEqual(expect.arrayContaining([first.task_id, second.task_id]));
      const audio = await restored.app!.inject({
        method: 'GET',
        url: `/api/music/${first.musicId}/audio`,
        headers: as(user),
      });
      expect(audio.statusCode).toBe(200);
      expect(audio.rawPayload.subarray(0, 3).toString('latin1')).toMatch(/ID3|\xff/);
    },
  );

  it(
    'refuses with one readable line: a backup into a non-empty directory, a restore over data, a folder that is not a backup',
    { timeout: 60_000 },
    async () => {
      const full = await tempDir();
      await fs.writeFile(path.join(full, 'keep.txt'), 'mine');
      const intoFull = await runCli('backup', [full], { DATA_DIR: source.config.dataDir });
      expect(intoFull.code).toBe(1);
      expect(intoFull.stderr).toMatch(/^The backup directory .* is not empty\.\n$/);
      expect(await fs.readFile(path.join(full, 'keep.txt'), 'utf8')).toBe('mine');

      const notBackup = await runCli('restore', [full], { DATA_DIR: await tempDir() });
      expect(notBackup.code).toBe(1);
      expect(notBackup.stderr).toMatch(/is not a finished Bops backup/);

      const overData = await runCli('restore', [full], { DATA_DIR: source.config.dataDir });
      expect(overData.code).toBe(1);
      expect(overData.stderr).toMatch(/Could not lock|already|in use|running/i);

      const usage = await runCli('backup', [], { DATA_DIR: source.config.dataDir });
      expect(usage.code).toBe(1);
      expect(usage.stderr).toMatch(/^Usage: npm run backup -- <directory>/);

      const postgres = await runCli('backup', [path.join(full, 'x')], {
        DATA_DIR: source.config.dataDir,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      });
      expect(postgres.code).toBe(1);
      expect(postgres.stderr).toMatch(/PostgreSQL or S3/);
    },
  );
});
