/** Wire shapes of the Bops API as the server sends them (docs/PRODUCT.md#entities, server field names). */

export interface SignInProvider {
  id: string;
  name: string;
}

export interface SignInMethods {
  emailPassword: boolean;
  providers: SignInProvider[];
}

export interface ServerVoiceClone {
  voice_clone_id: string;
  voice_clone_nickname: string;
  imageFileUrl: string | null;
  status: string;
}

export interface ServerProfile {
  id: string;
  email: string;
  displayName: string | null;
  firstname: string | null;
  lastname: string | null;
  bios: string | null;
  dob: string | null;
  profilePhoto: string | null;
  customPhoto: string | null;
  voiceclones?: ServerVoiceClone[] | null;
}

/** docs/PRODUCT.md#entities "Profile update": dob is always sent empty. */
export interface ProfileUpdate {
  firstname: string;
  lastname: string;
  dob: '';
  displayName: string;
  bios: string;
}

export interface ProcessCount {
  count: number;
}

export interface CrashReport {
  message: string;
  componentStack: string;
  url: string;
  userAgent: string;
}

/** The client-side user (docs/PRODUCT.md#entities "User"). */
export interface VoiceClone {
  id: string;
  name: string;
  imgSrc: string;
  /** Lowercased, as the spec says. */
  status: string;
}

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

export function toUser(profile: ServerProfile): User {
  return {
    id: profile.id,
    email: profile.email,
    displayName: profile.displayName ?? '',
    firstName: profile.firstname ?? '',
    lastName: profile.lastname ?? '',
    bio: profile.bios ?? '',
    dob: profile.dob ?? '',
    photoUrl: profile.profilePhoto ?? '',
    customPhoto: profile.customPhoto ?? '',
    voiceClones: (profile.voiceclones ?? []).map((clone) => ({
      id: clone.voice_clone_id,
      name: clone.voice_clone_nickname,
      imgSrc: clone.imageFileUrl ?? '',
      status: clone.status.toLowerCase(),
    })),
  };
}
