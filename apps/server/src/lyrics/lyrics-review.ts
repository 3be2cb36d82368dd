import { generateLyrics } from './lyrics-generator.ts';
import type { FlowStyle } from '@bops/engine/catalog';

/**
 * Twenty varied asks and what the built-in writer answers, committed as `lyrics-review.txt` so a change in the
 * lyrics' quality shows in review as a text diff. `npm run lyrics:review` writes the file again.
 */
export const REVIEW_PROMPTS: ReadonlyArray<{ title: string; prompt: string; style: FlowStyle['id'] }> = [
  { title: 'Summer Nights', prompt: 'driving with my friends by the ocean in the summer', style: 'straight' },
  { title: 'Night Shift', prompt: 'coding late at night with coffee', style: 'double-time' },
  { title: 'Broken Phone', prompt: 'she left and I miss her', style: 'melodic' },
  { title: 'Corner Store', prompt: 'growing up on the block in the city', style: 'choppy' },
  { title: 'Friday', prompt: 'party with my crew all weekend', style: 'straight' },
  { title: 'Underdog', prompt: 'nobody believed in me but I never give up', style: 'double-time' },
  { title: 'First Date', prompt: 'a crush on a girl from my class', style: 'laid-back' },
  { title: 'Grandma Kitchen', prompt: 'sunday dinner with my family at home', style: 'laid-back' },
  { title: 'Rent Day', prompt: 'working two jobs to pay the bills and chase success', style: 'straight' },
  { title: 'Moonlight', prompt: 'cannot sleep, thinking about my dreams under the stars', style: 'melodic' },
  { title: 'Road Trip', prompt: 'highway, desert, no plans, just freedom', style: 'triplet' },
  { title: 'Homecoming', prompt: 'coming back to my town after years away', style: 'straight' },
  { title: 'Gold Medal', prompt: 'training in the gym every morning to win', style: 'choppy' },
  { title: 'Rainy Monday', prompt: 'lonely in the rain after the breakup', style: 'laid-back' },
  { title: 'Best Friends', prompt: 'me and my brother since we were kids', style: 'triplet' },
  { title: 'Downtown Lights', prompt: 'the skyline and the subway at night', style: 'double-time' },
  { title: 'Graduation', prompt: 'finally finished school, the future is mine', style: 'straight' },
  { title: 'Dance Floor', prompt: 'the DJ plays my song and everybody dances', style: 'melodic' },
  { title: 'Wedding Song', prompt: 'for my wife on our wedding day, forever love', style: 'laid-back' },
  { title: '', prompt: '', style: 'straight' },
];

export function lyricsReview(): string {
  return REVIEW_PROMPTS.map((ask, i) => {
    const song = generateLyrics({ ...ask, seed: i + 1 });
    return `## ${ask.title || '(no title)'} — "${ask.prompt}" (${ask.style})\n\n${song.text}\n`;
  }).join('\n');
}
