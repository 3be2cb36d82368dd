/**
 * The sites a song link may come from, the share-link shapes each one gives people, and the yt-dlp extractors
 * that read them. A link is rebuilt from the parts its shape names, so what reaches yt-dlp is a URL Bops wrote,
 * never the pasted text.
 */
export interface AllowedSite {
  id: 'youtube' | 'tiktok' | 'instagram' | 'facebook' | 'vimeo' | 'soundcloud' | 'x';
  name: string;
  hosts: readonly string[];
  /** yt-dlp extractor names (matched whole, case-insensitive); never "generic". */
  extractors: readonly string[];
  /** An example of the share link, for the message when a link from this site has another shape. */
  example: string;
  /** The canonical link for a share-link path and query, or null when the shape is not a single public item. */
  canonical(url: URL): string | null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** A user-chosen path segment: letters, digits, dot, underscore, hyphen (what these sites allow in handles). */
const HANDLE = '[A-Za-z0-9._-]{1,100}';
const CODE = '[A-Za-z0-9_-]{1,64}';

function segments(url: URL): string[] {
  return url.pathname.split('/').filter((part) => part !== '');
}

function matchPath(url: URL, pattern: string): RegExpMatchArray | null {
  return url.pathname.replace(/\/+$/, '').match(new RegExp(`^${pattern}$`));
}

const youtube: AllowedSite = {
  id: 'youtube',
  name: 'YouTube',
  hosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtu.be'],
  extractors: ['youtube'],
  example: 'https://youtu.be/dQw4w9WgXcQ',
  canonical(url) {
    let id: string | null | undefined;
    if (url.hostname === 'youtu.be') {
      const parts = segments(url);
      id = parts.length === 1 ? parts[0] : null;
    } else if (url.pathname === '/watch' || url.pathname === '/watch/') {
      id = url.searchParams.get('v');
    } else {
      id = matchPath(url, '/(?:shorts|embed|v|live)/([A-Za-z0-9_-]{11})')?.[1];
    }
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
  },
};

const tiktok: AllowedSite = {
  id: 'tiktok',
  name: 'TikTok',
  hosts: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'],
  extractors: ['TikTok', 'vm\\.tiktok'],
  example: 'https://www.tiktok.com/@name/video/7234567890123456789',
  canonical(url) {
    if (url.hostname === 'vm.tiktok.com' || url.hostname === 'vt.tiktok.com') {
      const code = matchPath(url, `/(${CODE})`)?.[1];
      return code ? `https://${url.hostname}/${code}/` : null;
    }
    const video = matchPath(url, `/@(${HANDLE})/video/(\\d{5,25})`);
    if (video) return `https://www.tiktok.com/@${video[1]}/video/${video[2]}`;
    const short = matchPath(url, `/t/(${CODE})`);
    return short ? `https://www.tiktok.com/t/${short[1]}/` : null;
  },
};

const instagram: AllowedSite = {
  id: 'instagram',
  name: 'Instagram',
  hosts: ['instagram.com', 'www.instagram.com'],
  extractors: ['Instagram'],
  example: 'https://www.instagram.com/reel/Cabc123XYZ/',
  canonical(url) {
    const post = matchPath(url, `(?:/${HANDLE})?/(p|reel|reels|tv)/(${CODE})`);
    if (!post) return null;
    const kind = post[1] === 'reels' ? 'reel' : post[1];
    return `https://www.instagram.com/${kind}/${post[2]}/`;
  },
};

const facebook: AllowedSite = {
  id: 'facebook',
  name: 'Facebook',
  hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.watch'],
  extractors: ['facebook', 'facebook:reel'],
  example: 'https://www.facebook.com/watch/?v=1234567890',
  canonical(url) {
    if (url.hostname === 'fb.watch') {
      const code = matchPath(url, `/(${CODE})`)?.[1];
      return code ? `https://fb.watch/${code}/` : null;
    }
    if (/^\/(?:watch\/?|video\.php)$/.test(url.pathname)) {
      const id = url.searchParams.get('v');
      return id && /^\d{5,25}$/.test(id) ? `https://www.facebook.com/watch/?v=${id}` : null;
    }
    const reel = matchPath(url, '/reel/(\\d{5,25})');
    if (reel) return `https://www.facebook.com/reel/${reel[1]}`;
    const share = matchPath(url, `/share/(v|r)/(${CODE})`);
    if (share) return `https://www.facebook.com/share/${share[1]}/${share[2]}/`;
    const video = matchPath(url, `/(${HANDLE})/videos/(?:${HANDLE}/)?(\\d{5,25})`);
    return video ? `https://www.facebook.com/${video[1]}/videos/${video[2]}/` : null;
  },
};

const vimeo: AllowedSite = {
  id: 'vimeo',
  name: 'Vimeo',
  hosts: ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'],
  extractors: ['vimeo'],
  example: 'https://vimeo.com/123456789',
  canonical(url) {
    if (url.hostname === 'player.vimeo.com') {
      const id = matchPath(url, '/video/(\\d{1,15})')?.[1];
      if (!id) return null;
      const hash = url.searchParams.get('h');
      return hash && /^[0-9a-f]{6,20}$/.test(hash)
        ? `https://player.vimeo.com/video/${id}?h=${hash}`
        : `https://vimeo.com/${id}`;
    }
    const direct = matchPath(url, '/(\\d{1,15})(?:/([0-9a-f]{6,20}))?');
    if (direct) return `https://vimeo.com/${direct[1]}${direct[2] ? `/${direct[2]}` : ''}`;
    const listed = matchPath(url, `/(?:channels/${HANDLE}|groups/${HANDLE}/videos)/(\\d{1,15})`);
    return listed ? `https://vimeo.com/${listed[1]}` : null;
  },
};

/** SoundCloud's first path segment words that are pages, not artists. */
const SOUNDCLOUD_PAGES = new Set([
  'discover',
  'search',
  'stream',
  'you',
  'upload',
  'charts',
  'stations',
  'pages',
]);

const soundcloud: AllowedSite = {
  id: 'soundcloud',
  name: 'SoundCloud',
  hosts: ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com', 'on.soundcloud.com'],
  extractors: ['soundcloud'],
  example: 'https://soundcloud.com/artist/song-name',
  canonical(url) {
    if (url.hostname === 'on.soundcloud.com') {
      const code = matchPath(url, `/(${CODE})`)?.[1];
      return code ? `https://on.soundcloud.com/${code}` : null;
    }
    const track = matchPath(url, `/(${HANDLE})/(${HANDLE})(?:/(s-[A-Za-z0-9]{1,40}))?`);
    if (!track || SOUNDCLOUD_PAGES.has(track[1]!) || ['sets', 'albums', 'tracks'].includes(track[2]!))
      return null;
    return `https://soundcloud.com/${track[1]}/${track[2]}${track[3] ? `/${track[3]}` : ''}`;
  },
};

const x: AllowedSite = {
  id: 'x',
  name: 'X',
  hosts: ['x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com'],
  extractors: ['twitter'],
  example: 'https://x.com/name/status/1234567890123456789',
  canonical(url) {
    const post = matchPath(url, `/(${HANDLE}|i(?:/web)?)/status/(\\d{1,25})(?:/(?:video|photo)/\\d)?`);
    // twitter.com is the address every yt-dlp release recognises; x.com only the newer ones.
    return post ? `https://twitter.com/${post[1] === 'i' ? 'i/web' : post[1]}/status/${post[2]}` : null;
  },
};

export const ALLOWED_SITES: readonly AllowedSite[] = [
  youtube,
  tiktok,
  instagram,
  facebook,
  vimeo,
  soundcloud,
  x,
];

/** "YouTube, TikTok, …, SoundCloud or X": how every refusal names the sites. */
export const ALLOWED_SITE_NAMES = `${ALLOWED_SITES.slice(0, -1)
  .map((site) => site.name)
  .join(', ')} or ${ALLOWED_SITES.at(-1)!.name}`;

const SITE_BY_HOST = new Map(
  ALLOWED_SITES.flatMap((site) => site.hosts.map((host) => [host, site] as const)),
);

export function siteForHost(hostname: string): AllowedSite | undefined {
  return SITE_BY_HOST.get(hostname);
}
