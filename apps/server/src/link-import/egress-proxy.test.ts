import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressProxy, type EgressDecision, type HostLookup, type ResolvedAddress } from './egress-proxy.ts';

/** A listener on loopback that no tunnel may ever reach: it counts every connection it gets. */
let canary: net.Server;
let canaryPort = 0;
let canaryConnections = 0;
/** The same on IPv6 loopback, where the machine has it (0: it has not, and the IPv4 canary's port is used). */
let canary6: net.Server | null = null;
let canary6Port = 0;
/** The one destination a test allowance lets the proxy reach, so the allowed path can fail too. */
let target: net.Server;
let targetPort = 0;
let targetConnections = 0;

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

/** Names resolve only from this table: nothing in these tests asks a real resolver. */
const DNS_TABLE: Record<string, string[]> = {
  'evil.example': ['127.0.0.1'],
  'rebind.example': ['93.184.216.34', '127.0.0.1'],
  'meta.example': ['169.254.169.254'],
  'private.example': ['10.0.0.5'],
  'cgnat.example': ['100.64.3.4'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'nat64.example': ['64:ff9b::a9fe:a9fe'],
  'v6-loopback.example': ['::1'],
  'ula.example': ['fd00:ec2::254'],
  'song.example': ['127.0.0.1'],
  'two-addresses.example': ['127.0.0.2', '127.0.0.1'],
};
const lookups: string[] = [];
const tableLookup: HostLookup = async (hostname) => {
  lookups.push(hostname);
  const addresses = DNS_TABLE[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const decisions: EgressDecision[] = [];
let proxy: EgressProxy;
let proxyPort = 0;

beforeAll(async () => {
  canary = net.createServer((socket) => {
    canaryConnections += 1;
    socket.destroy();
  });
  canaryPort = await listen(canary);
  canary6Port = await new Promise<number>((resolve) => {
    const server = net.createServer((socket) => {
      canaryConnections += 1;
      socket.destroy();
    });
    server.once('error', () => resolve(0));
    server.listen(0, '::1', () => {
      canary6 = server;
      resolve((server.address() as net.AddressInfo).port);
    });
  });
  target = net.createServer((socket) => {
    targetConnections += 1;
    socket.on('data', (data) => socket.write(`echo:${data.toString()}`));
  });
  targetPort = await listen(target);
  proxy = new EgressProxy({
    lookup: tableLookup,
    // The canary's and the target's ports are open here so that what refuses a tunnel is the address policy.
    allowedPorts: [443, canaryPort, canary6Port || canaryPort, targetPort],
    idleTimeoutMs: 300,
    connectTimeoutMs: 2000,
    testAllowance: ({ hostname, address, port }) =>
      ((hostname === 'song.example' && address === '127.0.0.1') ||
        (hostname === 'two-addresses.example' && ['127.0.0.1', '127.0.0.2'].includes(address))) &&
      port === targetPort,
    onDecision: (decision) => decisions.push(decision),
  });
  proxyPort = await proxy.start();
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => target.close(resolve));
  // The whole suite, refusals and allowed tunnels alike, never reached the canary.
  expect(canaryConnections).toBe(0);
  await new Promise((resolve) => canary.close(resolve));
  if (canary6) await new Promise((resolve) => canary6!.close(resolve));
});

interface ProxyAnswer {
  status: number;
  body: string;
  socket: net.Socket;
}

/** Sends raw bytes to the proxy and reads its answer head (and, for refusals, the body). */
function sendRaw(request: string): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxyPort, '127.0.0.1');
    let received = '';
    socket.setTimeout(5000, () => reject(new Error('no answer from the proxy')));
    socket.on('error', reject);
    socket.on('data', function onData(chunk) {
      received += chunk.toString();
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      if (status === 200) {
        socket.off('data', onData);
        socket.setTimeout(0);
        resolve({ status, body: received.slice(end + 4), socket });
      }
    });
    socket.on('end', () => {
      const end = received.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      resolve({ status, body: received.slice(end + 4).trim(), socket });
    });
    socket.write(request);
  });
}

function connectThrough(authority: string): Promise<ProxyAnswer> {
  return sendRaw(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
}

describe('egress proxy refuses internal destinations', () => {
  const port = () => canaryPort;
  const port6 = () => canary6Port || canaryPort;
  const cases: Array<[string, () => string, RegExp]> = [
    ['loopback', () => `127.0.0.1:${port()}`, /127\.0\.0\.1 is this machine/],
    ['short loopback', () => `127.1:${port()}`, /127\.0\.0\.1 is this machine/],
    ['octal loopback', () => `0177.0.0.1:${port()}`, /127\.0\.0\.1 is this machine/],
    ['hex loopback', () => `0x7f000001:${port()}`, /127\.0\.0\.1 is this machine/],
    ['decimal loopback', () => `2130706433:${port()}`, /127\.0\.0\.1 is this machine/],
    ['unspecified', () => `0.0.0.0:${port()}`, /0\.0\.0\.0 is an unspecified/],
    ['IPv6 unspecified', () => `[::]:${port6()}`, /:: is an unspecified/],
    ['IPv6 loopback', () => `[::1]:${port6()}`, /::1 is this machine/],
    ['IPv4-mapped loopback', () => `[::ffff:127.0.0.1]:${port()}`, /IPv4-mapped address \(127\.0\.0\.1\)/],
    ['NAT64 metadata', () => '[64:ff9b::a9fe:a9fe]:443', /NAT64/],
    ['metadata address', () => '169.254.169.254:443', /cloud metadata/],
    ['EC2 IPv6 metadata', () => '[fd00:ec2::254]:443', /cloud metadata/],
    ['metadata name', () => 'metadata.google.internal:443', /internal name/],
    ['localhost', () => `localhost:${port()}`, /internal name/],
    ['a .localhost name', () => `x.localhost:${port()}`, /internal name/],
    ['private 10/8', () => '10.0.0.1:443', /private network/],
    ['private 172.16/12', () => '172.16.0.1:443', /private network/],
    ['private 192.168/16', () => '192.168.1.1:443', /private network/],
    ['CGNAT', () => '100.64.0.1:443', /carrier-grade NAT/],
    ['unique local', () => '[fc00::1]:443', /fc00::\/7/],
    ['link local', () => '[fe80::1]:443', /link-local/],
    [
      'a name resolving to loopback',
      () => `evil.example:${port()}`,
      /evil\.example resolves to 127\.0\.0\.1/,
    ],
    ['a name with one internal answer', () => `rebind.example:${port()}`, /rebind\.example resolves to 127/],
    [
      'a name resolving to metadata',
      () => 'meta.example:443',
      /resolves to 169\.254\.169\.254, which is a cloud/,
    ],
    ['a name resolving to a private address', () => 'private.example:443', /private network/],
    ['a name resolving to CGNAT', () => 'cgnat.example:443', /carrier-grade NAT/],
    ['a name resolving to a mapped address', () => `mapped.example:${port()}`, /IPv4-mapped/],
    ['a name resolving to NAT64', () => 'nat64.example:443', /NAT64/],
    ['a name resolving to IPv6 loopback', () => `v6-loopback.example:${port6()}`, /this machine/],
    ['a name resolving to EC2 metadata', () => 'ula.example:443', /cloud metadata/],
    ['the allowed name on another port', () => `song.example:${port()}`, /resolves to 127\.0\.0\.1/],
    ['a port other than 443', () => '93.184.216.34:22', /Port 22 is not allowed/],
    ['plain http port', () => 'www.youtube.com:80', /Port 80 is not allowed/],
    ['no port', () => 'www.youtube.com', /Expected host:port/],
    ['userinfo', () => `youtube.com@127.0.0.1:${port()}`, /Expected host:port/],
  ];

  it.each(cases)('%s', async (_name, authority, reason) => {
    const before = lookups.length;
    const result = await connectThrough(authority());
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.body).toMatch(reason);
    expect(decisions.at(-1)).toMatchObject({ allowed: false });
    // Address literals and internal names are refused without a lookup.
    if (!/\.example:/.test(authority())) expect(lookups.length).toBe(before);
  });

  it('offers no plain-HTTP forwarding', async () => {
    const result = await sendRaw(`GET http://127.0.0.1:${canaryPort}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(result.status).toBe(405);
    expect(result.body).toMatch(/Only CONNECT/);
  });

  it('answers a name that does not resolve with 502', async () => {
    const result = await connectThrough('nowhere.example:443');
    expect(result.status).toBe(502);
    expect(result.body).toMatch(/nowhere\.example could not be resolved/);
  });
});

describe('egress proxy tunnels to an allowed destination', () => {
  it('connects to the address it checked and carries bytes both ways', async () => {
    const before = targetConnections;
    const lookupsBefore = lookups.length;
    // "song.example" resolves only in the injected table, so reaching the target proves the proxy connected to
    // the address it checked rather than asking a resolver again.
    const result = await connectThrough(`song.example:${targetPort}`);
    expect(result.status).toBe(200);
    expect(decisions.at(-1)).toEqual({
      allowed: true,
      hostname: 'song.example',
      address: '127.0.0.1',
      port: targetPort,
    });
    expect(lookups.slice(lookupsBefore)).toEqual(['song.example']);
    const echoed = await new Promise<string>((resolve) => {
      result.socket.once('data', (data) => resolve(data.toString()));
      result.socket.write('ping');
    });
    expect(echoed).toBe('echo:ping');
    expect(targetConnections).toBe(before + 1);
    result.socket.destroy();
  });

  it('tries the name’s next checked address when the first does not answer', async () => {
    const before = targetConnections;
    const result = await connectThrough(`two-addresses.example:${targetPort}`);
    expect(result.status).toBe(200);
    expect(decisions.at(-1)).toEqual({
      allowed: true,
      hostname: 'two-addresses.example',
      address: '127.0.0.1',
      port: targetPort,
    });
    expect(targetConnections).toBe(before + 1);
    result.socket.destroy();
  });

  it('closes an idle tunnel', async () => {
    const result = await connectThrough(`song.example:${targetPort}`);
    expect(result.status).toBe(200);
    const started = Date.now();
    await new Promise((resolve) => result.socket.once('close', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('bounds the tunnels open at once', async () => {
    const small = new EgressProxy({
      lookup: tableLookup,
      allowedPorts: [targetPort],
      maxTunnels: 2,
      testAllowance: ({ hostname, port }) => hostname === 'song.example' && port === targetPort,
    });
    const port = await small.start();
    const open = (authority: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('data', (data) => resolve(data.toString().split('\r\n')[0]!));
        socket.write(`CONNECT ${authority} HTTP/1.1\r\n\r\n`);
      });
    expect(await open(`song.example:${targetPort}`)).toBe('HTTP/1.1 200 Connection Established');
    expect(await open(`song.example:${targetPort}`)).toBe('HTTP/1.1 200 Connection Established');
    expect(await open(`song.example:${targetPort}`)).toBe('HTTP/1.1 503 Service Unavailable');
    expect(small.openTunnels).toBe(2);
    await small.close();
  });
});
