import type { Profile } from '@bops/shared/api/profile';

/** An AI singer as the web app keeps it on the user (docs/PRODUCT.md#entities "User"). */
export interface VoiceClone {
  id: string;
  name: string;
  imgSrc: string;
  /** Lowercased (docs/PRODUCT.md#entities "User"). */
  status: string;
}

/** The signed-in person as the web app keeps it (docs/PRODUCT.md#entities "User"). */
export interface User {
  id: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  bio: string;
  dob: string;
  photoUrl: string;
  customPhoto: string;
  voiceClones: VoiceClone[];
}

/** The client's user from the profile the server sends. */
export function toUser(profile: Profile): User {
  return {
    id: profile.id,
    email: profile.email,
    displayName: profile.displayName,
    firstName: profile.firstname,
    lastName: profile.lastname,
    bio: profile.bios,
    dob: profile.dob,
    photoUrl: profile.profilePhoto,
    customPhoto: profile.customPhoto,
    voiceClones: profile.voiceclones.map((clone) => ({
      id: clone.voice_clone_id,
      name: clone.voice_clone_nickname,
      imgSrc: clone.imageFileUrl,
      status: clone.status.toLowerCase(),
    })),
  };
}
