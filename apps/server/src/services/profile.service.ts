import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../jobs/job-queue.ts';
import { notFound } from '../http/http-error.ts';
import { reencodePhoto } from '../images/reencode-photo.ts';
import { voiceClonePhotoUrl } from './voice-clone.service.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { Profile, UpdateProfileBody } from '@bops/shared/api/profile';
import type { Storage } from '../storage/storage.ts';

export class ProfileService {
  readonly #users: UserRepository;
  readonly #storage: Storage;
  readonly #queue: JobQueue;

  constructor(deps: { users: UserRepository; storage: Storage; queue: JobQueue }) {
    this.#users = deps.users;
    this.#storage = deps.storage;
    this.#queue = deps.queue;
  }

  async get(userId: string): Promise<Profile> {
    const user = await this.#users.findById(userId);
    if (!user) throw notFound('This account does not exist.');
    const clones = await this.#users.voiceClonesOf(userId);
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      firstname: user.firstName,
      lastname: user.lastName,
      bios: user.bio,
      dob: user.dob,
      profilePhoto: user.image ?? '',
      customPhoto: user.customPhotoKey
        ? `/api/user/photos/${user.customPhotoKey.split('/').slice(1).join('/')}`
        : '',
      voiceclones: clones.map((clone) => ({
        voice_clone_id: clone.id,
        voice_clone_nickname: clone.nickname,
        imageFileUrl: voiceClonePhotoUrl(clone),
        status: clone.status.toLowerCase(),
      })),
    };
  }

  async update(userId: string, body: UpdateProfileBody): Promise<Profile> {
    const updated = await this.#users.updateProfile(userId, {
      firstName: body.firstname,
      lastName: body.lastname,
      displayName: body.displayName,
      bio: body.bios,
      dob: body.dob,
    });
    if (!updated) throw notFound('This account does not exist.');
    return this.get(userId);
  }

  async setPhoto(userId: string, upload: Buffer): Promise<Profile> {
    const jpeg = await reencodePhoto(upload);
    const key = `users/${userId}/photo-${randomUUID()}.jpg`;
    await this.#storage.put(key, jpeg, 'image/jpeg');
    const previous = await this.#users.replaceCustomPhoto(userId, key);
    if (previous) await this.#queue.send('delete-files', { keys: [previous] });
    return this.get(userId);
  }

  photoKey(userId: string, file: string): string {
    return `users/${userId}/${file}`;
  }
}
