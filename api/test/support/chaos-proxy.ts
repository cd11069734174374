/**
 * A small TCP proxy in front of a service (PostgreSQL, Redis) that fails the way networks do, for the
 * chaos tests: it passes bytes through, or resets every connection (a failover, a dropped NAT entry),
 * or refuses new ones (the service is down), or blackholes (the service or the link stops answering:
 * bytes are accepted and never delivered, nothing is closed).
 */
import net from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Blackholed: bytes are kept here instead of being delivered. */
  held: boolean;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export class ChaosProxy {
  private mode: ProxyMode = 'pass';
  private readonly pairs = new Set<Pair>();
  /** Connections accepted since the start (each attempt to reach the service through the proxy). */
  accepted = 0;
  /** Open connections reset by resetAll since the start. */
  resets = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<ChaosProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new ChaosProxy(server, (server.address() as net.AddressInfo).port, target);
    server.on('connection', (socket) => proxy.accept(socket));
    return proxy;
  }

  /** `postgres://…@127.0.0.1:5432/db` → the same URL through the proxy. */
  url(serviceUrl: string): string {
    const url = new URL(serviceUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  get openConnections(): number {
    return this.pairs.size;
  }

  /** From now on: pass bytes through, refuse new connections, or hold every byte (existing connections too). */
  setMode(mode: ProxyMode): void {
    this.mode = mode;
    for (const pair of this.pairs) {
      if (mode === 'blackhole') this.hold(pair);
      else if (mode === 'pass') this.release(pair);
    }
  }

  /** Resets (TCP RST) every open connection, in both directions. New connections are handled by the mode. */
  resetAll(): void {
    this.resets += this.pairs.size;
    for (const pair of [...this.pairs]) this.drop(pair);
  }

  async close(): Promise<void> {
    this.resetAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    this.accepted++;
    client.on('error', () => undefined);
    if (this.mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, upstream: null, held: this.mode === 'blackhole', toUpstream: [], toClient: [] };
    this.pairs.add(pair);
    client.on('close', () => this.drop(pair));
    client.on('data', (chunk: Buffer) => {
      if (pair.held || !pair.upstream) pair.toUpstream.push(chunk);
      else pair.upstream.write(chunk);
    });
    // Blackholed: accepted, and nothing more (no connection to the service until released).
    if (!pair.held) this.connectUpstream(pair);
  }

  private connectUpstream(pair: Pair): void {
    const upstream = net.connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => this.drop(pair));
    upstream.on('close', () => this.drop(pair));
    upstream.on('data', (chunk: Buffer) => {
      if (pair.held) pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
    this.flush(pair);
  }

  private hold(pair: Pair): void {
    pair.held = true;
  }

  private release(pair: Pair): void {
    pair.held = false;
    if (!pair.upstream) this.connectUpstream(pair);
    else this.flush(pair);
  }

  private flush(pair: Pair): void {
    if (pair.held || !pair.upstream) return;
    for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    if (pair.upstream && !pair.upstream.destroyed) pair.upstream.resetAndDestroy();
  }
}
