import { checkAddress, checkHostName, parseAddressLiteral } from './address-policy.ts';
import { ALLOWED_SITE_NAMES, siteForHost, type AllowedSite } from './allowed-sites.ts';

export type SongLinkCheck =
  { ok: true; url: URL; site: string; siteId: AllowedSite['id'] } | { ok: false; message: string };

/** Longer than any share link these sites hand out, short enough that nobody pastes a payload. */
export const MAX_SONG_LINK_LENGTH = 2048;

const PASTE_HINT = `Paste a public share link to a song or video from ${ALLOWED_SITE_NAMES}.`;

function refuse(reason: string): SongLinkCheck {
  return { ok: false, message: `${reason} ${PASTE_HINT}` };
}

/**
 * The pasted-URL guard: a link passes only when it is an https share link of one allowed site, on the standard
 * port, without credentials, in a shape that names one public item. The answer carries the link rebuilt from
 * those parts (query strings and fragments other than the item's id are dropped).
 */
export function checkSongLink(input: unknown): SongLinkCheck {
  if (typeof input !== 'string' || input.trim() === '') return refuse('Please paste a link.');
  const text = input.trim();
  if (text.length > MAX_SONG_LINK_LENGTH) return refuse('That link is too long.');
  // Browsers drop tabs and newlines inside URLs; a link that carries them was built to confuse a parser.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(text))
    return refuse('That link contains spaces or characters links never have.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse("That doesn't look like a link.");
  }
  if (url.protocol !== 'https:') {
    return refuse(`Only https:// links can be imported (that one starts with ${url.protocol}//).`);
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('That link carries a user name or password, which share links never do.');
  }
  // The parser already turned an explicit ":443" into the default, so any port left is another one.
  if (url.port !== '')
    return refuse(`That link asks for port ${url.port}; share links use the standard one.`);
  const host = url.hostname.toLowerCase();
  const literal = parseAddressLiteral(host);
  if (literal) {
    const verdict = checkAddress(literal);
    const why = verdict.ok ? 'an internet address' : verdict.reason.replace(/^\S+ is /, '');
    return refuse(`That link points at a bare address (${why}), not at a site.`);
  }
  const site = siteForHost(host);
  if (!site) {
    const named = checkHostName(host);
    return refuse(
      named.ok
        ? `Links from ${host.slice(0, 100)} can't be imported.`
        : `That link's site can't be imported.`,
    );
  }
  const canonical = site.canonical(url);
  if (!canonical) {
    return {
      ok: false,
      message:
        `That ${site.name} link doesn't point to one public song or video. Paste the share link ` +
        `the site gives you (like ${site.example}); links from ${ALLOWED_SITE_NAMES} work.`,
    };
  }
  return { ok: true, url: new URL(canonical), site: site.name, siteId: site.id };
}
