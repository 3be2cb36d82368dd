import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@bops/shared';
import { PROFILE_LIMITS, type ProfileUpdate } from '@bops/shared/api/profile';
import type { User } from '../store/user.ts';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, { key: string; max?: number }>>;

/** The server's limits by form field, so the form refuses exactly what the API would. */
const profileLimits: Record<keyof ProfileFormValues, number> = {
  firstName: PROFILE_LIMITS.firstname,
  lastName: PROFILE_LIMITS.lastname,
  displayName: PROFILE_LIMITS.displayName,
  bio: PROFILE_LIMITS.bios,
};

export function profileFormValues(user: User | null): ProfileFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    displayName: user?.displayName ?? '',
    bio: user?.bio ?? '',
  };
}

/** The display name is how Bops shows the user everywhere, so it is the one field that can't be empty. */
export function validateProfile(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (values.displayName.trim() === '') errors.displayName = { key: 'validation.required' };
  for (const field of Object.keys(profileLimits) as (keyof ProfileFormValues)[]) {
    if (!errors[field] && values[field].trim().length > profileLimits[field]) {
      errors[field] = { key: 'validation.tooLong', max: profileLimits[field] };
    }
  }
  return errors;
}

/** docs/PRODUCT.md#entities "Profile update": dob is always sent empty. */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  return {
    firstname: values.firstName.trim(),
    lastname: values.lastName.trim(),
    dob: '',
    displayName: values.displayName.trim(),
    bios: values.bio.trim(),
  };
}

/** Null when the file is fine, else the translation key of the problem. */
export function checkPhoto(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'validation.photoType';
  if (file.size > PHOTO_MAX_BYTES) return 'validation.photoSize';
  return null;
}
