import { randomUUID } from 'node:crypto';
import { badRequest } from '../http/http-error.ts';
import type { TakedownRepository } from '../repositories/takedown.repository.ts';
import type { TakedownBody, TakedownReceipt } from '@bops/shared/api/takedown';

/** Finds the song a pasted Bops link points at: /listen/{id}, /{playlistId}/{musicId}, /shared/{playlistId}, /api/music/shared/{id}. */
export function parseContentLink(link: string): { musicId?: string; playlistId?: string } | null {
  let url: URL;
  try {
    url = new URL(link, 'http://bops.invalid');
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'listen' && parts[1]) return { musicId: parts[1] };
  if (parts[0] === 'api' && parts[1] === 'music' && parts[2] === 'shared' && parts[3])
    return { musicId: parts[3] };
  if (parts[0] === 'shared' && parts[1]) return { playlistId: parts[1] };
  if (parts.length === 2 && parts[0] !== 'playlist' && parts[0] !== 'create') return { musicId: parts[1]! };
  return null;
}

export class TakedownService {
  readonly #notices: TakedownRepository;

  constructor(deps: { notices: TakedownRepository }) {
    this.#notices = deps.notices;
  }

  async submit(body: TakedownBody): Promise<TakedownReceipt> {
    const target = parseContentLink(body.contentUrl);
    let musicId = target?.musicId ?? null;
    if (!musicId && target?.playlistId) {
      musicId = await this.#notices.firstPublicMusicOfPlaylist(target.playlistId);
    }
    // Only a song anyone can hear can be reported: a private one answers as an unknown one, so the form
    // cannot be used to learn which private songs exist.
    const ownerId = musicId ? await this.#notices.ownerOfPublicMusic(musicId) : null;
    if (!musicId || !ownerId) {
      throw badRequest('We could not find that song on Bops. Please paste the link you use to listen to it.');
    }
    const notice = await this.#notices.insert({
      id: randomUUID(),
      reporterName: body.reporterName,
      reporterEmail: body.reporterEmail,
      contentUrl: body.contentUrl,
      musicId,
      targetUserId: ownerId,
      reason: body.reason,
    });
    return { id: notice.id, status: notice.status };
  }

  list(status?: 'pending' | 'accepted' | 'rejected') {
    return this.#notices.list(status);
  }

  accept(id: string) {
    return this.#notices.accept(id);
  }

  reject(id: string) {
    return this.#notices.reject(id);
  }
}
