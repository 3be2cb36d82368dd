import { z } from 'zod';

const required = 'This field is required';

/**
 * docs/PRODUCT.md#entities profile update: firstname, lastname, dob (sent empty), displayName, bios. Other keys are ignored.
 * Only the display name is required: people who sign in with a provider often have no first or last name here.
 */
export const updateProfileBody = z.object({
  firstname: z.string().trim().max(60, 'Please use at most 60 characters').default(''),
  lastname: z.string().trim().max(60, 'Please use at most 60 characters').default(''),
  displayName: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(60, 'Please use at most 60 characters'),
  bios: z.string().trim().max(1000, 'Please use at most 1000 characters').default(''),
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

/** The profile as the web app reads it (docs/PRODUCT.md#entities User, server fields). */
/** An AI singer as the profile lists it. */
export interface ProfileVoiceClone {
  voice_clone_id: string;
  voice_clone_nickname: string;
  imageFileUrl: string;
  status: string;
}

export interface Profile {
  id: string;
  email: string;
  displayName: string;
  firstname: string;
  lastname: string;
  bios: string;
  dob: string;
  profilePhoto: string;
  customPhoto: string;
  voiceclones: ProfileVoiceClone[];
}

/** What the profile form sends (docs/PRODUCT.md#entities "Profile update": dob is always sent empty). */
export type ProfileUpdate = z.input<typeof updateProfileBody>;
