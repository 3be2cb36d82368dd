import { z } from 'zod';

const required = 'This field is required';

/** Spec §3 "music name plus context pair". */
export const generateLyricsBody = z.object({
  musicName: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(100, 'Please use at most 100 characters'),
  context: z.string().trim().max(1000, 'Please use at most 1000 characters').default(''),
});
