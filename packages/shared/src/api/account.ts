import { z } from 'zod';

export const deleteAccountBody = z.object({
  /** The e-mail address the person signs in with, typed again. */
  confirmation: z.string().max(320),
});
