// npm run lyrics:review: writes apps/server/src/lyrics/lyrics-review.txt from the built-in lyric writer.
import fs from 'node:fs';
import { lyricsReview } from '../lyrics/lyrics-review.ts';

const file = new URL('../lyrics/lyrics-review.txt', import.meta.url);
fs.writeFileSync(file, lyricsReview());
console.log(`Wrote ${file.pathname}`);
