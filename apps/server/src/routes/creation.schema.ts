import { FLOW_STYLE_IDS, unsayableInLyrics } from '@bops/engine/catalog';
import { LYRICS_MAX_CHARS } from '@bops/shared';
import { z } from 'zod';

const required = 'This field is required';

/** docs/PRODUCT.md#entities music creation request. Unknown keys are ignored. */
export const createMusicBody = z.object({
  creatorNickname: z.string().trim().max(60, 'Please use at most 60 characters').default(''),
  musicName: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(100, 'Please use at most 100 characters'),
  musicContext: z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(LYRICS_MAX_CHARS, `Please keep the lyrics under ${LYRICS_MAX_CHARS} characters`)
    // Refused here, not after the render is queued: an emoji or another script cannot be sung.
    .superRefine((value, context) => {
      const problem = unsayableInLyrics(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  prompt: z.string().trim().max(1000).default(''),
  style: z
    .string()
    .trim()
    .refine((value) => value === '' || value === 'na' || (FLOW_STYLE_IDS as string[]).includes(value), {
      message: `Please choose one of these styles: ${FLOW_STYLE_IDS.join(', ')}`,
    })
    .default(''),
  contactEmail: z
    .string()
    .trim()
    .max(320)
    .refine((value) => value === '' || z.string().email().safeParse(value).success, 'Email is invalid')
    .default(''),
  artist_id: z.string().trim().max(80).default(''),
  voice_clone_id: z.string().trim().max(80).default(''),
  vocal_artist_id: z.string().max(80).default(''),
  mixmusic_id: z.string().trim().max(80).default(''),
  version: z.string().trim().max(10).default('1.0'),
});
export type CreateMusicBody = z.infer<typeof createMusicBody>;

export const taskParams = z.object({ taskId: z.string().uuid() });
