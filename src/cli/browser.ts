// Opens a URL in the user's browser with the platform's opener, detached.

import { spawn } from 'node:child_process';
import { RentalsError } from '../errors.js';

function openerFor(platform: NodeJS.Platform): { command: string; args: (url: string) => string[] } {
  if (platform === 'darwin') return { command: 'open', args: (url) => [url] };
  // Not `cmd /c start`: cmd would interpret & and | inside the URL.
  if (platform === 'win32') return { command: 'rundll32', args: (url) => ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: (url) => [url] };
}

export function openBrowser(url: string, platform: NodeJS.Platform): Promise<void> {
  const { command, args } = openerFor(platform);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args(url), { stdio: 'ignore', detached: true });
    child.once('error', () => reject(new RentalsError(`could not start ${command} to open the browser; open ${url} yourself`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
