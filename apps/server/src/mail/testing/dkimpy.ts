import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * dkimpy (Debian's python3-dkim, the `dkimverify` command), a DKIM verifier independent of ours and of mailauth. Its
 * Python is the interpreter of the installed `dkimverify` script, so the module is the package's own. Missing, it
 * throws: the DKIM tests fail loudly rather than skip (.ci/run installs python3-dkim).
 */
function dkimpyPython(): string {
  let script: string;
  try {
    script = execFileSync('sh', ['-c', 'command -v dkimverify'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('dkimverify is not installed: apt-get install python3-dkim (dkimpy), an independent DKIM verifier');
  }
  const shebang = readFileSync(script, 'utf8').split('\n')[0] ?? '';
  return shebang.replace(/^#!\s*/, '').split(/\s+/)[0] || 'python3';
}

// Reads a JSON list of base64 messages on stdin, answers a JSON list of true/false. DNS: the given servers and port
// (the tests' local DNS), or `txt` answered for every key lookup.
const VERIFY = `
import base64, json, sys
import dkim, dns.resolver
opts = json.loads(sys.argv[1])
if opts.get('servers'):
    resolver = dns.resolver.Resolver(configure=False)
    resolver.nameservers = [opts['servers'][0]['host']]
    resolver.port = opts['servers'][0]['port']
    dns.resolver.default_resolver = resolver
    dnsfunc = dkim.dnsplug.get_txt
else:
    txt = opts['txt'].encode()
    dnsfunc = lambda name, timeout=5: txt
messages = json.loads(sys.stdin.read())
def check(m):
    try:
        return bool(dkim.verify(base64.b64decode(m), dnsfunc=dnsfunc))
    except dkim.DKIMException:
        return False
print(json.dumps([check(m) for m in messages]))
`;

/**
 * Verifies each message with dkimpy: true where its DKIM signature verifies. Asynchronous, so a local DNS server in
 * this process can answer its key lookups.
 */
export async function verifyWithDkimpy(
  messages: readonly Buffer[],
  keys: { txt: string } | { servers: readonly string[] },
): Promise<boolean[]> {
  const opts =
    'txt' in keys
      ? { txt: keys.txt }
      : {
          servers: keys.servers.map((server) => {
            const [host, port] = server.split(':');
            return { host, port: Number(port ?? 53) };
          }),
        };
  const python = dkimpyPython();
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      python,
      ['-c', VERIFY, JSON.stringify(opts)],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, out, stderr) => (error ? reject(new Error(`dkimpy failed: ${stderr || error.message}`)) : resolve(out)),
    );
    child.stdin?.end(JSON.stringify(messages.map((m) => m.toString('base64'))));
  });
  return JSON.parse(stdout) as boolean[];
}
