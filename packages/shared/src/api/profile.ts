import { z } from 'zod';
import { displayText, optionalDisplayText } from './display-text.ts';

/** The longest profile fields, in characters, by their names in the update (form and API). */
export const PROFILE_LIMITS = { firstname: 60, lastname: 60, displayName: 60, bios: 1000 } as const;

/**
 * docs/PRODUCT.md#entities profile update: firstname, lastname, dob (sent empty), displayName, bios. Other keys are ignored.
 * Only the display name is required: people who sign in with a provider often have no first or last name here.
 */
export const updateProfileBody = z.object({
  // Names are shown beside public songs: cleaned as every name is (docs/PRODUCT.md#validation).
  firstname: optionalDisplayText(PROFILE_LIMITS.firstname).default(''),
  lastname: optionalDisplayText(PROFILE_LIMITS.lastname).default(''),
  displayName: displayText(PROFILE_LIMITS.displayName),
  bios: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.bios, `Please use at most ${PROFILE_LIMITS.bios} characters`)
    .default(''),
  dob: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Please give the date as YYYY-MM-DD')
    .default(''),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const photoParams = z.object({
  userId: z.string().uuid(),
  file: z.string().regex(/^photo-[0-9a-f-]{36}\.jpg$/),
});

/** An AI singer as the profile lists it. */
export const profileVoiceCloneSchema = z.object({
  voice_clone_id: z.string(),
  voice_clone_nickname: z.string(),
  imageFileUrl: z.string(),
  status: z.string(),
});

/** The profile as the web app reads it (docs/PRODUCT.md#entities User, server fields). */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  bios: z.string(),
  dob: z.string(),
  profilePhoto: z.string(),
  customPhoto: z.string(),
  voiceclones: z.array(profileVoiceCloneSchema),
});
export type Profile = z.infer<typeof profileSchema>;

/** What the profile form sends (docs/PRODUCT.md#entities "Profile update": dob is always sent empty). */
export type ProfileUpdate = z.input<typeof updateProfileBody>;
