import { FLOW_STYLE_IDS, isFlowStyleId, type FlowStyleId } from '../flow-styles.ts';
import { z } from 'zod';
import { displayText } from './display-text.ts';

/** docs/PRODUCT.md#entities "music name plus context pair". */
export const generateLyricsBody = z.object({
  musicName: displayText(100),
  context: z.string().trim().max(1000, 'Please use at most 1000 characters').default(''),
  /** The rap style chosen for the song (empty: none yet); lines are written to fit its flow. */
  style: z
    .string()
    .trim()
    .refine((value) => value === '' || value === 'na' || isFlowStyleId(value), {
      message: `Please choose one of these styles: ${FLOW_STYLE_IDS.join(', ')}`,
    })
    .transform((value) => (value === '' || value === 'na' ? undefined : (value as FlowStyleId)))
    .optional(),
});
export type GenerateLyricsRequest = z.input<typeof generateLyricsBody>;

/** What `generateLyrics/v3` answers: the lyrics, one line per line. */
export const generatedLyricsSchema = z.string().describe('The lyrics, one line per line.');
export type GeneratedLyrics = z.infer<typeof generatedLyricsSchema>;
