import { z } from 'zod';

const required = 'This field is required';

/** The takedown form's bounds, in characters (form and API); a reason shorter than a sentence says too little. */
export const TAKEDOWN_LIMITS = {
  reporterName: 200,
  reporterEmail: 320,
  contentUrl: 2000,
  reasonMin: 10,
  reasonMax: 5000,
} as const;

/** The public takedown notice form. */
export const takedownBody = z.object({
  reporterName: z.string({ message: required }).trim().min(1, required).max(TAKEDOWN_LIMITS.reporterName),
  reporterEmail: z
    .string({ message: required })
    .trim()
    .email('Email is invalid')
    .max(TAKEDOWN_LIMITS.reporterEmail),
  contentUrl: z.string({ message: required }).trim().min(1, required).max(TAKEDOWN_LIMITS.contentUrl),
  reason: z
    .string({ message: required })
    .trim()
    .min(TAKEDOWN_LIMITS.reasonMin, 'Please tell us in a sentence or two what is wrong')
    .max(TAKEDOWN_LIMITS.reasonMax),
});
export type TakedownBody = z.infer<typeof takedownBody>;

export const TAKEDOWN_STATUSES = ['pending', 'accepted', 'rejected'] as const;

/** What `takedown-notices` answers (201): the notice as filed. */
export const takedownReceiptSchema = z.object({ id: z.string(), status: z.enum(TAKEDOWN_STATUSES) });
export type TakedownReceipt = z.infer<typeof takedownReceiptSchema>;
