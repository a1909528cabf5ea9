import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A small authoritative DNS server for tests (ownership proofs, issue 16): UDP on 127.0.0.1 at a
 * random port, answering from records set at runtime. Built on `dns2`, with no test-runner imports,
 * so a plain Node process (the browser journey's server) can start it too:
 *
 *   const dns = await startTestDnsServer();
 *   dns.setTxt('_namebourse.example.com', 'namebourse-verification=…');
 *   // DNS_SERVERS=<dns.address> (or config.dnsServers = [dns.address])
 *   await dns.stop();
 *
 * Answers: TXT records of a name that has them; NOERROR without answers (the resolver's ENODATA) for
 * a name that exists without TXT records — one given to `addName`, or a parent of a name with
 * records (an empty non-terminal); NXDOMAIN for any other name. `dropQueries` makes it read and
 * ignore queries (the resolver times out); `delayMs` answers late; `failWith` answers every query
 * with that response code (e.g. SERVFAIL, REFUSED).
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`: what DNS_SERVERS takes. */
  readonly address: string;
  readonly host: string;
  readonly port: number;
  /**
   * Sets (replaces) the TXT records of `name`. Each record is a string, or an array of strings for a
   * record split into several character-strings (resolvers join them).
   */
  setTxt(name: string, ...records: (string | string[])[]): void;
  /** Removes `name` and its TXT records (its queries get NXDOMAIN unless a child name still exists). */
  removeTxt(name: string): void;
  /** Makes `name` exist without TXT records (a query for its TXT gets NOERROR and no answers). */
  addName(name: string): void;
  /** Forgets every record and the queries received, and resets the failure switches. */
  reset(): void;
  /** Reads queries and never answers them (on) or answers again (off). */
  dropQueries(on: boolean): void;
  /** Answers every query this many milliseconds late (0: at once). */
  delay(ms: number): void;
  /** Answers every query with this response code ('SERVFAIL', 'REFUSED'…), or normally again (null). */
  failWith(rcode: 'SERVFAIL' | 'REFUSED' | null): void;
  /** Queries received so far (`name`, `type` as the question asked them). */
  readonly queries: readonly { name: string; type: number }[];
  /** How many queries asked for `name` (any case). */
  asked(name: string): number;
  stop(): Promise<void>;
}

function norm(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

export async function startTestDnsServer(options: { port?: number } = {}): Promise<TestDnsServer> {
  /** Name → its TXT records (each an array of character-strings). */
  const names = new Map<string, string[][]>();
  const queries: { name: string; type: number }[] = [];
  let dropping = false;
  let delayMs = 0;
  let rcode: number | null = null;
  const timers = new Set<NodeJS.Timeout>();

  const exists = (name: string): string[][] | null => {
    const entry = names.get(name);
    if (entry) return entry;
    const suffix = `.${name}`;
    for (const other of names.keys()) if (other.endsWith(suffix)) return [];
    return null;
  };

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      if (!question) return;
      queries.push({ name: question.name, type: question.type });
      if (dropping) return;
      let response: InstanceType<typeof Packet>;
      if (rcode !== null) {
        response = Packet.createErrorResponseFromRequest(request, rcode);
      } else {
        response = Packet.createResponseFromRequest(request);
        response.header.aa = 1;
        response.header.ra = 0;
        const found = exists(norm(question.name));
        if (found === null) {
          response.header.rcode = Packet.RCODE.NXDOMAIN;
        } else if (question.type === Packet.TYPE.TXT) {
          for (const data of found) {
            response.answers.push(
              Packet.createResourceFromQuestion(question, {
                type: Packet.TYPE.TXT,
                class: Packet.CLASS.IN,
                ttl: 0,
                data,
              }),
            );
          }
        }
      }
      const answer = () => {
        send(response).catch(() => undefined);
      };
      if (delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, delayMs);
        timers.add(timer);
      } else {
        answer();
      }
    },
  });
  server.on('requestError', () => undefined);
  server.on('error', () => undefined);
  const host = '127.0.0.1';
  const addresses = await server.listen({ udp: { port: options.port ?? 0, address: host } });
  const port = addresses.udp?.port;
  if (!port) throw new Error('the test DNS server did not bind a UDP port');

  return {
    address: `${host}:${port}`,
    host,
    port,
    queries,
    asked(name) {
      return queries.filter((q) => norm(q.name) === norm(name)).length;
    },
    setTxt(name, ...records) {
      names.set(
        norm(name),
        records.map((r) => (Array.isArray(r) ? [...r] : [r])),
      );
    },
    removeTxt(name) {
      names.delete(norm(name));
    },
    addName(name) {
      if (!names.has(norm(name))) names.set(norm(name), []);
    },
    reset() {
      names.clear();
      queries.length = 0;
      dropping = false;
      delayMs = 0;
      rcode = null;
    },
    dropQueries(on) {
      dropping = on;
    },
    delay(ms) {
      delayMs = Math.max(0, ms);
    },
    failWith(code) {
      rcode = code === null ? null : Packet.RCODE[code];
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await server.close();
    },
  };
}
