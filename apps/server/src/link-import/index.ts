export { checkAddress, checkHostName, parseAddressLiteral } from './address-policy.ts';
export { ALLOWED_SITES, ALLOWED_SITE_NAMES } from './allowed-sites.ts';
export { EgressProxy, type EgressProxyOptions, type HostLookup } from './egress-proxy.ts';
export { LinkImportError, type LinkImportErrorCode } from './link-import-error.ts';
export { checkSongLink, MAX_SONG_LINK_LENGTH, type SongLinkCheck } from './song-link-guard.ts';
export { SongLinkImporter, type ImportedSong, type ImportOptions } from './song-link-importer.ts';
