/** What the user has entered so far; it lives in the creation area so back and next keep it. */
export interface RapDraft {
  musicName: string;
  prompt: string;
  creatorNickname: string;
  artistId: string;
  /** The person's own AI singer performing the rap ('' for the artist's voice); the artist gives the flow. */
  voiceCloneId: string;
  style: string;
  lyrics: string;
  /** A music selection id, 'na' for "no music", '' while nothing is chosen. */
  mixMusicId: string;
  contactEmail: string;
}

export const emptyRapDraft: RapDraft = {
  musicName: '',
  prompt: '',
  creatorNickname: '',
  artistId: '',
  voiceCloneId: '',
  style: '',
  lyrics: '',
  mixMusicId: '',
  contactEmail: '',
};
