import { z } from 'zod';

const required = 'This field is required';

export const TERMS_TEXT = 'I am 18 or older and agree to the Terms and Conditions';

export const voiceCloneId = z.object({
  voice_clone_id: z.string({ message: required }).uuid('There is no such AI singer.'),
});

export const nickname = z
  .string({ message: required })
  .trim()
  .min(1, required)
  .max(40, 'Please use at most 40 characters');

/** The text fields of the create form (the sample and photo come as files). */
export const createVoiceCloneFields = z.object({
  voice_clone_nickname: nickname,
  terms: z.enum(['true', 'on', '1'], { message: `Please confirm: ${TERMS_TEXT}` }),
  /** "guided" when the person read the script the recorder shows; the build then aligns to it. */
  reading: z.enum(['guided', 'free']).default('free'),
});

export const updateVoiceCloneBody = voiceCloneId.extend({ voice_clone_nickname: nickname });

export const voiceCloneFileParams = z.object({ id: z.string().uuid() });

export interface VoiceCloneResponse {
  voice_clone_id: string;
  voice_clone_nickname: string;
  imageFileUrl: string;
  status: string;
  failure_reason: string;
  created: string;
}
