/** Share links of docs/PRODUCT.md#api. `appUrl` is the app's origin (no trailing slash needed). */

function base(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

export interface ShareContext {
  /** The playlist the song is played from; none when the song stands alone. */
  playlistId?: string | null;
  /** The curated top-songs playlist gets its own song route, `/{playlistId}/{musicId}`. */
  special?: boolean;
}

/**
 * A song's link: `{app}/{playlistId}/{musicId}` inside the special playlist, `{app}/listen/{musicId}` inside any
 * other playlist, and the API's share path `{app}/api/music/shared/{musicId}` without a playlist (the server sends a
 * browser opening it on to the song's page).
 */
export function musicShareLink(appUrl: string, musicId: string, context: ShareContext = {}): string {
  const id = encodeURIComponent(musicId);
  if (!context.playlistId) return `${base(appUrl)}/api/music/shared/${id}`;
  if (context.special) return `${base(appUrl)}/${encodeURIComponent(context.playlistId)}/${id}`;
  return `${base(appUrl)}/listen/${id}`;
}

export function playlistShareLink(appUrl: string, playlistId: string): string {
  return `${base(appUrl)}/shared/${encodeURIComponent(playlistId)}`;
}

/** docs/PRODUCT.md#entities "Share payload". */
export interface SharePayload {
  text: string;
  url: string;
  title: string;
}
