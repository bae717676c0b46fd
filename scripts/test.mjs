// `npm test` after the build: the typecheck, knip and vitest at once. tsc and knip each keep one
// core busy for seconds; one after the other, before the tests, they left the other core idle.
// vitest prints as it goes; the typecheck's and knip's output is printed whole when each ends
// (nothing when they pass). The exit code is non-zero when any of the three fails.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run --silent <script>`, its output kept until it ends. */
function quiet(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const text = output.trim();
      if (code !== 0 || text) process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : 'FAILED'}\n${text}\n\n`);
      resolve({ script, code: code ?? 1 });
    });
  });
}

function vitest() {
  return new Promise((resolve) => {
    const child = spawn(npm, ['exec', '--no', '--', 'vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
    child.on('close', (code) => resolve({ script: 'vitest', code: code ?? 1 }));
  });
}

const results = await Promise.all([quiet('typecheck'), quiet('knip'), vitest()]);
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  process.stderr.write(`npm test: ${failed.join(', ')} failed\n`);
  process.exitCode = 1;
}
