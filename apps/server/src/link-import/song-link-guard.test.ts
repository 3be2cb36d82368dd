import { describe, expect, it } from 'vitest';
import { checkAddress, checkHostName } from './address-policy.ts';
import { ALLOWED_SITE_NAMES } from './allowed-sites.ts';
import { checkSongLink } from './song-link-guard.ts';

/** Every refusal names the sites that work, so a person knows what to paste instead. */
const NAMES_SITES = /YouTube, TikTok, Instagram, Facebook, Vimeo, SoundCloud or X/;

/** Links an attacker would paste to reach this machine, its network or a cloud metadata service. */
const SSRF_PAYLOADS: Array<[string, RegExp]> = [
  // loopback, every spelling
  ['https://127.0.0.1/', /bare address \(this machine/],
  ['https://127.1/', /bare address \(this machine/],
  ['https://0177.0.0.1/', /bare address \(this machine/],
  ['https://0x7f000001/', /bare address \(this machine/],
  ['https://0x7f.0.0.1/', /bare address \(this machine/],
  ['https://2130706433/', /bare address \(this machine/],
  ['https://017700000001/', /bare address \(this machine/],
  ['https://127.0.0.1./', /bare address \(this machine/],
  ['https://%31%32%37.0.0.1/', /bare address \(this machine/],
  ['https://0.0.0.0/', /bare address \(an unspecified/],
  ['https://0/', /bare address \(an unspecified/],
  ['https://[::]/', /bare address \(an unspecified/],
  ['https://[::1]/', /bare address \(this machine/],
  ['https://[0:0:0:0:0:0:0:1]/', /bare address \(this machine/],
  ['https://[::ffff:127.0.0.1]/', /bare address \(an IPv4-mapped address \(127\.0\.0\.1\)/],
  ['https://[::ffff:7f00:1]/', /bare address \(an IPv4-mapped/],
  ['https://[64:ff9b::a9fe:a9fe]/', /bare address \(a NAT64 address/],
  ['https://[64:ff9b::7f00:1]/', /bare address \(a NAT64 address/],
  ['https://localhost/', /Links from localhost can't|site can't be imported/],
  ['https://localhost.localdomain/', /site can't be imported/],
  // private networks
  ['https://10.0.0.1/', /private network/],
  ['https://10.255.255.255/', /private network/],
  ['https://172.16.0.1/', /private network/],
  ['https://172.31.255.254/', /private network/],
  ['https://192.168.0.1/', /private network/],
  ['https://192.168.1.254/', /private network/],
  ['https://100.64.0.1/', /carrier-grade NAT/],
  ['https://100.127.255.254/', /carrier-grade NAT/],
  ['https://[fc00::1]/', /private network address \(fc00::\/7\)/],
  ['https://[fd12:3456::1]/', /private network address \(fc00::\/7\)/],
  ['https://[fe80::1]/', /link-local/],
  ['https://169.254.0.1/', /link-local/],
  ['https://224.0.0.1/', /multicast/],
  ['https://[ff02::1]/', /multicast/],
  ['https://240.0.0.1/', /reserved/],
  ['https://255.255.255.255/', /broadcast/],
  // cloud metadata
  ['https://169.254.169.254/latest/meta-data/', /cloud metadata/],
  ['https://[fd00:ec2::254]/', /cloud metadata/],
  ['https://metadata.google.internal/computeMetadata/v1/', /site can't be imported/],
  ['https://metadata/', /site can't be imported/],
  ['https://instance-data.ec2.internal/', /site can't be imported/],
  // userinfo, fragment and parser tricks
  ['https://youtube.com@127.0.0.1/', /user name or password/],
  ['https://www.youtube.com:443@169.254.169.254/', /user name or password/],
  ['https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ', /user name or password/],
  ['https://127.0.0.1#@youtube.com', /bare address \(this machine/],
  ['https://127.0.0.1?@youtube.com/watch?v=dQw4w9WgXcQ', /bare address \(this machine/],
  ['https://youtube.com\\@127.0.0.1/', /characters links never have/],
  ['https://youtube.com%2f@127.0.0.1/', /doesn't look like a link|user name or password|bare address/],
  [
    'https://youtube.com.127.0.0.1.nip.io/watch?v=dQw4w9WgXcQ',
    /Links from youtube\.com\.127\.0\.0\.1\.nip\.io can't/,
  ],
  ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', /Links from youtube\.com\.evil\.example can't/],
  ['https://youtube.com./watch?v=dQw4w9WgXcQ', /Links from youtube\.com\. can't/],
  [' https://youtu.be/dQw4w9WgXcQ\n@127.0.0.1', /spaces or characters/],
  // hosts not allowed
  ['https://example.com/song.mp3', /Links from example\.com can't/],
  ['https://evil.example/redirect?to=http://127.0.0.1', /Links from evil\.example can't/],
  ['https://dailymotion.com/video/x7abc', /Links from dailymotion\.com can't/],
  // allowed host, another port or scheme
  ['https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ', /port 8443/],
  ['https://www.youtube.com:80/watch?v=dQw4w9WgXcQ', /port 80/],
  ['https://youtu.be:22/dQw4w9WgXcQ', /port 22/],
  ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', /Only https:\/\/ links .*starts with http:\/\//],
  ['ws://www.youtube.com/', /Only https:\/\//],
  // other schemes
  ['file:///etc/passwd', /Only https:\/\/ links .*file:/],
  ['file://localhost/etc/passwd', /Only https:\/\//],
  ['data:text/html,<script>alert(1)</script>', /Only https:\/\/ links .*data:/],
  ['gopher://127.0.0.1:6379/_FLUSHALL', /Only https:\/\/ links .*gopher:/],
  ['ftp://ftp.example.com/song.mp3', /Only https:\/\/ links .*ftp:/],
  ['javascript:alert(1)', /Only https:\/\//],
  ['dict://127.0.0.1:11211/stats', /Only https:\/\//],
  ['-o /tmp/x https://youtu.be/dQw4w9WgXcQ', /spaces or characters/],
  ['--exec=touch /tmp/pwned', /spaces or characters/],
  ['//127.0.0.1/', /doesn't look like a link/],
  ['not a link', /spaces or characters/],
  ['', /Please paste a link/],
  [`https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(3000)}`, /too long/],
  // allowed host, not a single public item
  ['https://www.youtube.com/playlist?list=PL1234567890', /That YouTube link doesn't point to one public/],
  ['https://www.youtube.com/redirect?q=http://127.0.0.1/', /That YouTube link doesn't point/],
  ['https://soundcloud.com/artist/sets/album', /That SoundCloud link doesn't point/],
  ['https://www.facebook.com/login.php?next=http%3A%2F%2F127.0.0.1', /That Facebook link doesn't point/],
  ['https://x.com/home', /That X link doesn't point/],
];

describe('checkSongLink refuses SSRF payloads', () => {
  const refused = SSRF_PAYLOADS;
  it('has at least 40 payloads', () => {
    expect(refused.length).toBeGreaterThanOrEqual(40);
  });

  it.each(refused)('%s', (payload, pattern) => {
    const result = checkSongLink(payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(pattern);
    expect(result.message).toMatch(NAMES_SITES);
    expect(result.message.length).toBeLessThan(400);
  });

  it('refuses values that are not text', () => {
    for (const value of [undefined, null, 42, {}, ['https://youtu.be/dQw4w9WgXcQ']]) {
      const result = checkSongLink(value);
      expect(result).toEqual({ ok: false, message: expect.stringMatching(NAMES_SITES) });
    }
  });
});

describe('checkSongLink accepts share links and rebuilds them', () => {
  const cases: Array<[string, string, string]> = [
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ\t', 'YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=RD123&t=42#frag',
      'YouTube',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    [
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
      'YouTube',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ],
    ['https://YouTube.com:443/shorts/dQw4w9WgXcQ', 'YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    [
      'https://www.tiktok.com/@some.one/video/7234567890123456789?is_from_webapp=1',
      'TikTok',
      'https://www.tiktok.com/@some.one/video/7234567890123456789',
    ],
    ['https://vm.tiktok.com/ZMabc123/', 'TikTok', 'https://vm.tiktok.com/ZMabc123/'],
    [
      'https://www.instagram.com/reels/Cabc123XYZ/?igsh=x',
      'Instagram',
      'https://www.instagram.com/reel/Cabc123XYZ/',
    ],
    ['https://www.instagram.com/p/Cabc123XYZ', 'Instagram', 'https://www.instagram.com/p/Cabc123XYZ/'],
    ['https://fb.watch/abcDEF12/', 'Facebook', 'https://fb.watch/abcDEF12/'],
    [
      'https://m.facebook.com/watch/?v=1234567890',
      'Facebook',
      'https://www.facebook.com/watch/?v=1234567890',
    ],
    [
      'https://www.facebook.com/SomePage/videos/my-song/1234567890/',
      'Facebook',
      'https://www.facebook.com/SomePage/videos/1234567890/',
    ],
    ['https://vimeo.com/123456789', 'Vimeo', 'https://vimeo.com/123456789'],
    [
      'https://player.vimeo.com/video/123456789?h=abcdef1234',
      'Vimeo',
      'https://player.vimeo.com/video/123456789?h=abcdef1234',
    ],
    [
      'https://soundcloud.com/artist/song-name?utm_source=x',
      'SoundCloud',
      'https://soundcloud.com/artist/song-name',
    ],
    ['https://on.soundcloud.com/AbC123', 'SoundCloud', 'https://on.soundcloud.com/AbC123'],
    [
      'https://x.com/someone/status/1234567890123456789',
      'X',
      'https://twitter.com/someone/status/1234567890123456789',
    ],
    [
      'https://twitter.com/someone/status/1234567890123456789/video/1',
      'X',
      'https://twitter.com/someone/status/1234567890123456789',
    ],
  ];

  it.each(cases)('%s', (input, site, canonical) => {
    const result = checkSongLink(input);
    expect(result).toMatchObject({ ok: true, site });
    if (result.ok) expect(result.url.href).toBe(canonical);
  });

  it('accepts its own canonical links unchanged (the importer checks them again)', () => {
    for (const [input, site, canonical] of cases) {
      const first = checkSongLink(input);
      const again = checkSongLink(canonical);
      expect(again).toMatchObject({ ok: true, site });
      if (first.ok && again.ok) expect(again.url.href).toBe(first.url.href);
    }
  });

  it('names the sites in reading order', () => {
    expect(ALLOWED_SITE_NAMES).toBe('YouTube, TikTok, Instagram, Facebook, Vimeo, SoundCloud or X');
  });
});

describe('address policy', () => {
  it('refuses every internal address and allows public ones', () => {
    for (const address of ['127.0.0.1', '::1', '::', '10.0.0.1', '172.16.5.4', '192.168.0.1', '100.64.1.1']) {
      expect(checkAddress(address).ok).toBe(false);
    }
    for (const address of [
      '169.254.169.254',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'ff02::1',
    ]) {
      expect(checkAddress(address).ok).toBe(false);
    }
    for (const address of [
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:a00:1::1',
      '2001::1',
    ]) {
      expect(checkAddress(address).ok).toBe(false);
    }
    expect(checkAddress('8.8.8.8')).toEqual({ ok: true, address: '8.8.8.8' });
    expect(checkAddress('2606:4700:4700::1111')).toEqual({ ok: true, address: '2606:4700:4700::1111' });
    expect(checkAddress('0x08080808')).toEqual({ ok: true, address: '8.8.8.8' });
  });

  it('refuses metadata and local-only names before any lookup', () => {
    for (const name of [
      'metadata.google.internal',
      'metadata',
      'localhost',
      'db.local',
      'api.svc',
      'x.localhost',
    ]) {
      expect(checkHostName(name).ok).toBe(false);
    }
    for (const name of ['a_b.example.com', 'bad..name', '-lead.example.com', 'single', '1.2.3.4']) {
      expect(checkHostName(name).ok).toBe(false);
    }
    expect(checkHostName('rr3---sn-4g5e6nz7.googlevideo.com')).toEqual({ ok: true });
  });
});
