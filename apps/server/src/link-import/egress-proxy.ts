import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { checkAddress, checkHostName, parseAddressLiteral } from './address-policy.ts';

/** One resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; tests inject one that answers from a table. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, order: 'ipv4first' });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export interface EgressDestination {
  hostname: string;
  address: string;
  port: number;
}

/** What the proxy did with one CONNECT, for logs and tests. */
export type EgressDecision =
  ({ allowed: true } & EgressDestination) | { allowed: false; target: string; reason: string };

export interface EgressProxyOptions {
  lookup?: HostLookup;
  /** Destination ports a tunnel may open; share sites and their media hosts all serve https on 443. */
  allowedPorts?: readonly number[];
  /** Tunnels open at once; further CONNECTs get 503 until one closes. */
  maxTunnels?: number;
  /** A tunnel with no bytes either way for this long is closed. */
  idleTimeoutMs?: number;
  /** How long resolving and connecting to a destination may take. */
  connectTimeoutMs?: number;
  /**
   * Lets a test reach a listener of its own on loopback: asked only for a destination the address policy
   * refused. Production code never passes it.
   */
  testAllowance?: (destination: EgressDestination) => boolean;
  onDecision?: (decision: EgressDecision) => void;
}

const DEFAULTS = { allowedPorts: [443], maxTunnels: 16, idleTimeoutMs: 30_000, connectTimeoutMs: 10_000 };

/** Thrown inside the CONNECT handler; becomes the proxy's answer line. */
class Refusal extends Error {
  readonly status: number;

  constructor(status: number, reason: string) {
    super(reason);
    this.status = status;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  405: 'Method Not Allowed',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function answer(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Splits a CONNECT target ("host:port" or "[v6]:port"). */
function parseAuthority(target: string): { host: string; port: number } | null {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^\s:/@[\]]+):(\d{1,5})$/.exec(target);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1]!.toLowerCase(), port };
}

/**
 * The only way out for a link import. yt-dlp is started with `--proxy` pointing here; every connection it
 * makes (page, API, redirect target, media segment) arrives as a CONNECT. The proxy resolves the name itself,
 * refuses the tunnel when any of the name's addresses is internal, and connects to the address it checked, so
 * a second DNS answer (rebinding) never reaches a socket. Plain-HTTP forwarding is not offered: everything
 * these sites serve is https.
 */
export class EgressProxy {
  private readonly options: Required<Omit<EgressProxyOptions, 'testAllowance' | 'onDecision'>> &
    Pick<EgressProxyOptions, 'testAllowance' | 'onDecision'>;
  private readonly server: http.Server;
  private readonly sockets = new Set<Duplex>();
  private tunnels = 0;
  private listening: Promise<number> | null = null;

  constructor(options: EgressProxyOptions = {}) {
    this.options = {
      lookup: options.lookup ?? systemLookup,
      allowedPorts: options.allowedPorts ?? DEFAULTS.allowedPorts,
      maxTunnels: options.maxTunnels ?? DEFAULTS.maxTunnels,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
      testAllowance: options.testAllowance,
      onDecision: options.onDecision,
    };
    this.server = http.createServer({ maxHeaderSize: 8192, requestTimeout: 15_000 });
    // Idle client connections that never send a request are closed too.
    this.server.keepAliveTimeout = 5_000;
    this.server.headersTimeout = 10_000;
    this.server.maxConnections = this.options.maxTunnels * 2;
    this.server.on('connection', (socket: net.Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      this.decide({ allowed: false, target: String(request.url).slice(0, 200), reason: 'not a CONNECT' });
      response.writeHead(405, { 'content-type': 'text/plain', connection: 'close' });
      response.end('Only CONNECT tunnels to https destinations are offered.\n');
    });
    this.server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
      void this.tunnel(request, client, head);
    });
    this.server.on('clientError', (_error, socket) => answer(socket, 400, 'Malformed request'));
  }

  /** Listens on a random loopback port (once) and answers it. */
  start(): Promise<number> {
    this.listening ??= new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host: '127.0.0.1', port: 0 }, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
    return this.listening;
  }

  /** The proxy URL to hand to yt-dlp. */
  async url(): Promise<string> {
    return `http://127.0.0.1:${await this.start()}`;
  }

  async close(): Promise<void> {
    if (!this.listening) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.listening = null;
  }

  get openTunnels(): number {
    return this.tunnels;
  }

  private decide(decision: EgressDecision): void {
    this.options.onDecision?.(decision);
  }

  private async tunnel(request: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const target = String(request.url ?? '');
    client.on('error', () => client.destroy());
    if (this.tunnels >= this.options.maxTunnels) {
      this.decide({ allowed: false, target, reason: 'too many tunnels' });
      answer(client, 503, 'Too many connections at once');
      return;
    }
    this.tunnels += 1;
    let upstream: net.Socket | null = null;
    const release = (() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        this.tunnels -= 1;
        upstream?.destroy();
        client.destroy();
      };
    })();
    client.on('close', release);
    try {
      const destination = await this.withTimeout(
        this.resolve(target),
        'Resolving the destination took too long',
      );
      if (client.destroyed) return;
      const { fallbacks, ...first } = destination;
      let chosen: EgressDestination = first;
      // The name's other checked addresses, in order, when one does not answer (an IPv6 address on a host
      // without IPv6, say).
      for (;;) {
        try {
          upstream = await this.connect(chosen);
          break;
        } catch (error) {
          const next = fallbacks.shift();
          if (!next || client.destroyed) throw error;
          chosen = { ...chosen, address: next };
        }
      }
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      this.decide({ allowed: true, ...chosen });
      upstream.on('close', release);
      upstream.on('error', release);
      upstream.setTimeout(this.options.idleTimeoutMs, release);
      if ('setTimeout' in client && typeof client.setTimeout === 'function') {
        (client as net.Socket).setTimeout(this.options.idleTimeoutMs, release);
      }
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    } catch (error) {
      const refusal =
        error instanceof Refusal ? error : new Refusal(502, 'The destination could not be reached');
      this.decide({ allowed: false, target: target.slice(0, 200), reason: refusal.message });
      answer(client, refusal.status, refusal.message);
      client.once('finish', release);
      setTimeout(release, 1000).unref();
    }
  }

  /** The address a CONNECT target may reach, or a refusal naming why not. */
  private async resolve(target: string): Promise<EgressDestination & { fallbacks: string[] }> {
    const authority = parseAuthority(target);
    if (!authority) throw new Refusal(400, 'Expected host:port');
    const { host, port } = authority;
    if (!this.options.allowedPorts.includes(port)) throw new Refusal(403, `Port ${port} is not allowed`);
    const literal = parseAddressLiteral(host);
    let addresses: string[];
    let hostname = host;
    if (literal) {
      hostname = literal.toString();
      addresses = [hostname];
    } else {
      const name = checkHostName(host);
      if (!name.ok) throw new Refusal(403, name.reason);
      let resolved: ResolvedAddress[];
      try {
        resolved = await this.options.lookup(host);
      } catch {
        throw new Refusal(502, `${host} could not be resolved`);
      }
      if (resolved.length === 0) throw new Refusal(502, `${host} could not be resolved`);
      addresses = resolved.map((entry) => entry.address);
    }
    // Every address is checked, not just the one used: a name that answers with any internal address is not a
    // public site, and refusing it whole leaves nothing for a later lookup to swap in.
    const checked: string[] = [];
    for (const address of addresses) {
      const verdict = checkAddress(address);
      if (verdict.ok) {
        checked.push(verdict.address);
        continue;
      }
      const parsed = parseAddressLiteral(address);
      const candidate = { hostname, address: parsed ? parsed.toString() : address, port };
      if (parsed && this.options.testAllowance?.(candidate)) {
        checked.push(candidate.address);
        continue;
      }
      throw new Refusal(
        403,
        literal ? verdict.reason : `${host} resolves to ${verdict.reason.replace(' is ', ', which is ')}`,
      );
    }
    const [address, ...fallbacks] = checked;
    if (!address) throw new Refusal(502, `${host} could not be resolved`);
    return { hostname, address, port, fallbacks };
  }

  private connect(destination: EgressDestination): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      // An address, never a name: nothing resolves again between the check and the connection.
      const socket = net.connect({ host: destination.address, port: destination.port });
      const fail = (refusal: Refusal) => {
        clearTimeout(timer);
        socket.destroy();
        reject(refusal);
      };
      const timer = setTimeout(
        () => fail(new Refusal(504, `${destination.hostname} took too long to answer`)),
        this.options.connectTimeoutMs,
      );
      const onError = () => fail(new Refusal(502, `${destination.hostname} could not be reached`));
      socket.once('error', onError);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(socket);
      });
    });
  }

  private withTimeout<T>(work: Promise<T>, message: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Refusal(504, message)), this.options.connectTimeoutMs);
      work.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }
}
