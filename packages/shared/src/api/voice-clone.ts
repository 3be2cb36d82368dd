import { z } from 'zod';
import { displayText } from './display-text.ts';

const required = 'This field is required';

/** What a person reads when their AI singer could not be built for a reason they cannot fix. */
export const AI_SINGER_FAILED_REASON = 'Your AI singer could not be built. Please try again.';

export const TERMS_TEXT = 'I am 18 or older and agree to the Terms and Conditions';

export const voiceCloneId = z.object({
  voice_clone_id: z.string({ message: required }).uuid('There is no such AI singer.'),
});

/** The longest AI singer name, in characters (form and API). */
export const AI_SINGER_NAME_MAX_CHARS = 40;

export const nickname = displayText(AI_SINGER_NAME_MAX_CHARS);

/** The text fields of the create form (the sample and photo come as files). */
export const createVoiceCloneFields = z.object({
  voice_clone_nickname: nickname,
  terms: z.enum(['true', 'on', '1'], { message: `Please confirm: ${TERMS_TEXT}` }),
  /** "guided" when the person read the script the recorder shows; the build then aligns to it. */
  reading: z.enum(['guided', 'free']).default('free'),
});

export const updateVoiceCloneBody = voiceCloneId.extend({ voice_clone_nickname: nickname });

export const voiceCloneFileParams = z.object({ id: z.string().uuid() });

/**
 * What the build of an AI singer goes through, in order, as its job reports it: the engine reads the recording,
 * cleans it (rumble, long pauses, hiss, loudness), finds the voice (frame features, pitch, the closest source
 * voice and its warp), builds the model (pitch marks, the alignment with the reading); the server then saves it.
 */
export const AI_SINGER_BUILD_PHASES = ['reading', 'cleaning', 'finding-voice', 'building', 'saving'] as const;
export type AiSingerBuildPhase = (typeof AI_SINGER_BUILD_PHASES)[number];

export const VOICE_CLONE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VoiceCloneStatus = (typeof VOICE_CLONE_STATUSES)[number];

/** An AI singer as its own routes answer (`voice_clone/retrieve`, `update`, `update_avatar_image`). */
export const voiceCloneItemSchema = z.object({
  voice_clone_id: z.string(),
  voice_clone_nickname: z.string(),
  imageFileUrl: z.string(),
  status: z.enum(VOICE_CLONE_STATUSES),
  failure_reason: z.string(),
  created: z.string(),
  /** While `processing`: the phase the build job last reported (null before the job starts). */
  build_phase: z.enum(AI_SINGER_BUILD_PHASES).nullable(),
});
export type VoiceCloneItem = z.infer<typeof voiceCloneItemSchema>;

/** docs/PRODUCT.md#entities "Voice-clone creation result": the sample's address, the new AI singer's id. */
export const voiceCloneCreatedSchema = z.object({
  recording: z.string(),
  voiceProfileId: z.string(),
  estimation: z.number().describe('Seconds the build is expected to take.'),
});
export type VoiceCloneCreated = z.infer<typeof voiceCloneCreatedSchema>;

/** What `voice_clone/delete` answers. */
export const voiceCloneDeletedSchema = z.object({ voice_clone_id: z.string(), deleted: z.literal(true) });
export type VoiceCloneDeleted = z.infer<typeof voiceCloneDeletedSchema>;

/**
 * What a person reads aloud to enrol (about 40 seconds): everyday sentences that cover the sounds
 * of English. When the recording is this reading, the engine's builder is given it as the transcript, so it
 * knows which sound the person made at every moment. The web app's recorder shows it line by line.
 */
export const VOICE_READING_SCRIPT = [
  'Every morning I walk down to the corner shop to buy bread and a newspaper.',
  'The owner is an old friend who always asks about my family and the weather.',
  'Last winter the river froze so hard that children skated all the way to the bridge.',
  'I remember the smell of smoke from the chimneys and the sound of boots on the ice.',
  'My sister wants to travel to Japan next spring to see the cherry blossoms.',
  'She has been saving money for months and practising her words every evening.',
  'If you ask me, the best meal is a simple soup with fresh vegetables and pepper.',
  'We should plant tomatoes, beans and sunflowers in the garden behind the house.',
  'The computer in the office makes a strange noise whenever somebody prints a page.',
].join('\n');
