// External measuring tools (hyperfine, wrk…): found on PATH, or installed from Debian's packages
// when the bench runs as root with apt-get, or reported missing so that the bench can skip.
import { spawnSync } from 'node:child_process';

let aptUpdated = false;

/** Whether `command` runs. */
export function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * `command` ready to run, installing the Debian package `aptPackage` if it is missing and we may.
 * Returns false (after saying why on stderr) when it cannot be had.
 */
export function ensureDebianTool(command, aptPackage = command) {
  if (hasCommand(command)) return true;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !hasCommand('apt-get')) {
    console.error(`${command} is not installed (and apt-get as root is not available to install ${aptPackage})`);
    return false;
  }
  console.error(`${command} is missing: apt-get install -y ${aptPackage}`);
  if (!aptUpdated) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    aptUpdated = true;
  }
  const install = spawnSync('apt-get', ['install', '-y', aptPackage], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install.status !== 0 || !hasCommand(command)) {
    console.error(`could not install ${aptPackage}`);
    return false;
  }
  return true;
}
