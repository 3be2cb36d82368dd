import { z } from 'zod';

const required = 'This field is required';

/** The public takedown notice form. */
export const takedownBody = z.object({
  reporterName: z.string({ message: required }).trim().min(1, required).max(200),
  reporterEmail: z.string({ message: required }).trim().email('Email is invalid').max(320),
  contentUrl: z.string({ message: required }).trim().min(1, required).max(2000),
  reason: z
    .string({ message: required })
    .trim()
    .min(10, 'Please tell us in a sentence or two what is wrong')
    .max(5000),
});
export type TakedownBody = z.infer<typeof takedownBody>;
