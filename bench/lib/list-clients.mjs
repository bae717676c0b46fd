// Clients reading whole lists, timed. Lists are fetched by curl when it is installed (its own
// process, like another client, and a reader fast enough not to be what is measured; timed by curl
// itself, from its connect to the last byte), else by undici in this process.
//
// Run as a script, it is the listing clients of the sandbox bench's "GET one while N clients
// list", in a process of their own:
//   node list-clients.mjs <url> <path> <clients> <seconds> <headers file>
// prints `listing` when its first lists start, then `done {"lists":…,"seconds":…}`: each client
// lists back to back and starts no new list once <seconds> have passed (so the load is steady for
// that long: GET one is timed over a fixed window, not over however long a few lists take).
// Why a process of their own: starting curl forks the process that starts it, and holds its event
// loop meanwhile (3.5 ms at the median, up to 48 ms, on the 2 busy cores here). Started from the
// process that times GET one, each of the 16 starts of a 4-client run landed in the GET in flight:
// the bench timed its own forks, not the sandbox (p99 43–280 ms against 8–21 ms with the clients
// in their own process, at the same load, against the same server).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';

export const curl = spawnSync('curl', ['--version']).status === 0;

/**
 * One GET of a whole list, its body read and dropped. `ms`: the request's time, from the client's
 * connect to the last byte (curl's own %{time_total}: its process start is not the server's);
 * `wallMs`: with the reader's start too. `headersFile`: `name: value` lines (curl's `-H @file`).
 */
export async function timeList(url, path, headersFile) {
  const started = performance.now();
  const read = curl ? await curlRead(`${url}${path}`, headersFile) : await undiciRead(url, path, headersFile);
  const wallMs = performance.now() - started;
  return { ms: read.ms ?? wallMs, wallMs, bytes: read.bytes };
}

function curlRead(url, headersFile) {
  return new Promise((resolve, reject) => {
    const args = ['-sf', '-o', '/dev/null', '-w', '%{size_download} %{time_total}', '-H', `@${headersFile}`, url];
    execFile('curl', args, (error, stdout) => {
      if (error) return reject(error);
      const [bytes, seconds] = stdout.trim().split(' ').map(Number);
      resolve({ bytes, ms: seconds * 1000 });
    });
  });
}

async function undiciRead(url, path, headersFile) {
  const headers = Object.fromEntries(
    readFileSync(headersFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const client = new Client(url);
  try {
    const response = await client.request({ method: 'GET', path, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${path}: ${response.statusCode}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    return { bytes };
  } finally {
    await client.close();
  }
}

/**
 * `clients` clients each reading the list back to back for `seconds`. With curl, each client is
 * one curl reading the list again and again on one keep-alive connection (as a real client
 * would), stopped at the end, its list then in flight not counted: a curl started per list cost
 * the machine a process start every few tens of ms per client, load that weighed on the server
 * being measured as much as the lists did.
 */
async function listConcurrently(url, path, clients, seconds, headersFile) {
  const started = performance.now();
  const until = started + seconds * 1000;
  const counts = await Promise.all(
    Array.from({ length: clients }, async () => {
      if (curl) return curlListsUntil(`${url}${path}`, headersFile, until);
      let count = 0;
      for (; performance.now() < until; count++) await timeList(url, path, headersFile);
      return count;
    }),
  );
  return { lists: counts.reduce((sum, count) => sum + count, 0), seconds: (performance.now() - started) / 1000 };
}

/** One curl reading `url` back to back on one connection until `until`; resolves with the lists it read whole. */
function curlListsUntil(url, headersFile, until) {
  return new Promise((resolve, reject) => {
    // More URLs than a window can read: curl is stopped at `until`, not at the end of its list.
    const config = `header = "@${headersFile}"\nwrite-out = "%{stderr}%{http_code} %{size_download}\\n"\n${`url = "${url}"\noutput = "/dev/null"\n`.repeat(10_000)}`;
    // Each list's line on stderr, unbuffered: stdout to a pipe is buffered, and lost when curl is stopped.
    const child = spawn('curl', ['-s', '-K', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let out = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(out.split('\n').filter((line) => line.startsWith('200 ')).length);
    });
    child.stdin.end(config);
    const timer = setTimeout(() => child.kill('SIGTERM'), Math.max(0, until - performance.now()));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, path, clients, seconds, headersFile] = process.argv.slice(2);
  console.log('listing');
  const result = await listConcurrently(url, path, Number(clients), Number(seconds), headersFile);
  console.log(`done ${JSON.stringify(result)}`);
}
