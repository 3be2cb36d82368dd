import type { ProfileUpdate } from '@bops/shared/api/profile';
import type { User } from '../store/user.ts';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  displayName: string;
  bio: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, { key: string; max?: number }>>;

/** Field limits: generous for names people really have, short enough to fit the header and cards. */
export const profileLimits = { firstName: 50, lastName: 50, displayName: 50, bio: 500 } as const;

export const photoMaxBytes = 10 * 1024 * 1024;
export const photoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

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
  if (!(photoTypes as readonly string[]).includes(file.type)) return 'validation.photoType';
  if (file.size > photoMaxBytes) return 'validation.photoSize';
  return null;
}
