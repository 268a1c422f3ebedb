import { createSocket } from 'node:dgram';
import { createServer as createTcpServer, isIPv6, type Server, type Socket } from 'node:net';

/**
 * An in-process authoritative DNS server on 127.0.0.1 for tests (RFC 1035 wire format, UDP and TCP on one port).
 * It answers A, AAAA, MX, TXT, CNAME and PTR from an editable zone map and nothing else: names not in the map are
 * NXDOMAIN, so no test ever asks a real resolver. Point the engine at it with DNS_SERVERS (config.dnsServers).
 */
export type RecordType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'CNAME' | 'PTR';
export interface MxValue {
  exchange: string;
  priority: number;
}
/** A TXT record given as one string is split into 255-byte character-strings; an array gives them explicitly. */
export type TxtValue = string | string[];

export interface LocalDns {
  port: number;
  /** ['127.0.0.1:<port>'], ready for DNS_SERVERS / config.dnsServers. */
  servers: string[];
  set(name: string, type: 'MX', values: MxValue[]): void;
  set(name: string, type: 'TXT', values: TxtValue[]): void;
  set(name: string, type: 'A' | 'AAAA' | 'CNAME' | 'PTR', values: string[]): void;
  /** Removes every record of a name, or only those of one type. */
  remove(name: string, type?: RecordType): void;
  clear(): void;
  /** How many queries were answered (UDP and TCP), to show that a cache saved lookups. */
  readonly queries: number;
  stop(): Promise<void>;
}

const TYPE_CODES: Record<RecordType, number> = { A: 1, CNAME: 5, PTR: 12, MX: 15, TXT: 16, AAAA: 28 };
const TYPE_NAMES = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name as RecordType]));
const TYPE_OPT = 41;
const TTL_SECONDS = 60;
const NXDOMAIN = 3;
const FORMERR = 1;

type Zone = Map<string, Map<RecordType, unknown[]>>;
const key = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

function encodeName(name: string): Buffer {
  const labels = key(name).split('.').filter(Boolean);
  return Buffer.concat([
    ...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])),
    Buffer.from([0]),
  ]);
}

/** Reads a (possibly compressed, RFC 1035 4.1.4) name; returns it and the offset after it. */
function readName(msg: Buffer, start: number): [string, number] {
  const labels: string[] = [];
  let offset = start;
  let end = -1;
  for (let hops = 0; hops < 64; hops++) {
    const len = msg.readUInt8(offset);
    if (len === 0) return [labels.join('.'), end < 0 ? offset + 1 : end];
    if ((len & 0xc0) === 0xc0) {
      if (end < 0) end = offset + 2;
      offset = msg.readUInt16BE(offset) & 0x3fff;
      continue;
    }
    labels.push(msg.toString('latin1', offset + 1, offset + 1 + len));
    offset += 1 + len;
  }
  throw new Error('name compression loop');
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const words = (part: string) => (part ? part.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const h = words(head);
  const t = words(tail);
  const all = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill(0), ...t] : h;
  const buf = Buffer.alloc(16);
  for (const [i, word] of all.entries()) buf.writeUInt16BE(word, i * 2);
  return buf;
}

function rdata(type: RecordType, value: unknown): Buffer {
  switch (type) {
    case 'A':
      return Buffer.from(String(value).split('.').map(Number));
    case 'AAAA':
      return ipv6Bytes(String(value));
    case 'CNAME':
    case 'PTR':
      return encodeName(String(value));
    case 'MX': {
      const mx = value as MxValue;
      const pref = Buffer.alloc(2);
      pref.writeUInt16BE(mx.priority);
      return Buffer.concat([pref, encodeName(mx.exchange)]);
    }
    case 'TXT': {
      const text = value as TxtValue;
      const chunks = Array.isArray(text) ? text : (String(text).match(/[\s\S]{1,255}/g) ?? ['']);
      return Buffer.concat(chunks.map((c) => Buffer.concat([Buffer.from([Buffer.byteLength(c)]), Buffer.from(c)])));
    }
  }
}

function record(name: string, type: RecordType, value: unknown): Buffer {
  const data = rdata(type, value);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPE_CODES[type], 0);
  fixed.writeUInt16BE(1, 2); // class IN
  fixed.writeUInt32BE(TTL_SECONDS, 4);
  fixed.writeUInt16BE(data.length, 8);
  return Buffer.concat([encodeName(name), fixed, data]);
}

/** Answers for a name and type: follows CNAMEs inside the zone, as an authoritative server does (RFC 1034 4.3.2). */
function resolve(zone: Zone, qname: string, qtype: number): { rcode: number; answers: Buffer[] } {
  const answers: Buffer[] = [];
  const wanted = TYPE_NAMES.get(qtype);
  let name = key(qname);
  for (let hops = 0; hops < 8; hops++) {
    const node = zone.get(name);
    if (!node) return { rcode: hops === 0 ? NXDOMAIN : 0, answers };
    const cname = node.get('CNAME');
    if (cname?.length && wanted !== 'CNAME') {
      answers.push(record(name, 'CNAME', cname[0]));
      name = key(String(cname[0]));
      continue;
    }
    for (const value of (wanted && node.get(wanted)) || []) answers.push(record(name, wanted as RecordType, value));
    return { rcode: 0, answers };
  }
  return { rcode: 0, answers };
}

/**
 * Builds the reply to one query. Over UDP a reply larger than 512 bytes (or the EDNS size the client offers, up to
 * 1232) is sent truncated with TC set, and the client asks again over TCP (RFC 1035 4.2.1, RFC 7766).
 */
function reply(zone: Zone, query: Buffer, transport: 'udp' | 'tcp'): Buffer | null {
  if (query.length < 12) return null;
  const id = query.readUInt16BE(0);
  const flags = query.readUInt16BE(2);
  if (flags & 0x8000) return null; // a response, not a query
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  let question: Buffer;
  let qname: string;
  let qtype: number;
  let ednsSize = 0;
  try {
    const [name, after] = readName(query, 12);
    qname = name;
    qtype = query.readUInt16BE(after);
    question = query.subarray(12, after + 4);
    if (query.readUInt16BE(10) > 0 && query.readUInt8(after + 4) === 0 && query.readUInt16BE(after + 5) === TYPE_OPT) {
      ednsSize = query.readUInt16BE(after + 7);
    }
  } catch {
    header.writeUInt16BE(0x8000 | (flags & 0x7900) | FORMERR, 2);
    return header;
  }
  const { rcode, answers } = resolve(zone, qname, qtype);
  // An OPT record answers an EDNS query (RFC 6891 6.1.1): root name, type 41, class = our UDP payload size.
  const opt = ednsSize ? Buffer.from([0, 0, TYPE_OPT, 0x04, 0xd0, 0, 0, 0, 0, 0, 0]) : Buffer.alloc(0);
  const limit = transport === 'tcp' ? 65_535 : Math.max(512, Math.min(ednsSize, 1232));
  const body = Buffer.concat([question, ...answers, opt]);
  const truncated = 12 + body.length > limit;
  // QR, AA, the query's opcode and RD, our rcode; TC when the answers do not fit.
  header.writeUInt16BE(0x8400 | (flags & 0x7900) | (truncated ? 0x0200 : 0) | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(truncated ? 0 : answers.length, 6);
  header.writeUInt16BE(opt.length && !truncated ? 1 : 0, 10);
  return Buffer.concat([header, truncated ? question : body]);
}

function serveTcp(zone: Zone, socket: Socket, count: () => void) {
  let pending = Buffer.alloc(0);
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
      const query = pending.subarray(2, 2 + pending.readUInt16BE(0));
      pending = pending.subarray(2 + query.length);
      const answer = reply(zone, query, 'tcp');
      if (!answer) continue;
      count();
      const len = Buffer.alloc(2);
      len.writeUInt16BE(answer.length);
      socket.write(Buffer.concat([len, answer]));
    }
  });
}

/** On a free port, or on `port` when given (the bounce capture serves a system resolver on 53). */
export async function startLocalDns(port = 0): Promise<LocalDns> {
  const zone: Zone = new Map();
  let queries = 0;
  const count = () => void queries++;
  for (let attempt = 0; ; attempt++) {
    const udp = createSocket('udp4');
    await new Promise<void>((ok, fail) => udp.once('error', fail).bind(port, '127.0.0.1', () => ok()));
    const bound = udp.address().port;
    const tcp: Server = createTcpServer((socket) => serveTcp(zone, socket, count));
    const listening = await new Promise<boolean>((ok) => {
      tcp.once('error', () => ok(false));
      tcp.listen(bound, '127.0.0.1', () => ok(true));
    });
    if (!listening) {
      udp.close();
      if (attempt < 5 && port === 0) continue;
      throw new Error(port ? `local DNS: port ${port} is taken for TCP` : 'local DNS: no free port for UDP and TCP');
    }
    udp.on('message', (msg, peer) => {
      const answer = reply(zone, msg, 'udp');
      if (!answer) return;
      count();
      udp.send(answer, peer.port, peer.address);
    });
    const set = (name: string, type: RecordType, values: unknown[]) => {
      if (type === 'AAAA' && values.some((v) => !isIPv6(String(v)))) throw new Error('AAAA values are IPv6 addresses');
      const node = zone.get(key(name)) ?? new Map<RecordType, unknown[]>();
      if (values.length) node.set(type, [...values]);
      else node.delete(type);
      if (node.size) zone.set(key(name), node);
      else zone.delete(key(name));
    };
    return {
      port: bound,
      servers: [`127.0.0.1:${bound}`],
      set: set as LocalDns['set'],
      remove(name, type) {
        if (type) set(name, type, []);
        else zone.delete(key(name));
      },
      clear: () => zone.clear(),
      get queries() {
        return queries;
      },
      async stop() {
        await new Promise<void>((ok) => udp.close(() => ok()));
        await new Promise<void>((ok) => tcp.close(() => ok()));
      },
    };
  }
}
