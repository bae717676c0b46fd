// A real LibreOffice for the spreadsheet round-trip tests: `soffice` headless with a profile of
// the test's own (under its temp root), driven over UNO by libreoffice-driver.py (Debian's
// python3-uno). Missing, the tests are skipped loudly; RENTALS_SPREADSHEET_TESTS=required (as
// .ci/run sets it) makes that a failure.

import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const DRIVER = new URL('./libreoffice-driver.py', import.meta.url).pathname;
const PYTHON = '/usr/bin/python3';

/** Why LibreOffice cannot be driven here, or undefined when it can. */
export function libreOfficeMissing(): string | undefined {
  if (spawnSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 }).status !== 0) return 'soffice (Debian: libreoffice-calc-nogui) is not installed';
  if (spawnSync(PYTHON, ['-c', 'import uno'], { stdio: 'ignore' }).status !== 0) return `${PYTHON} cannot import uno (Debian: python3-uno)`;
  return undefined;
}

export const SPREADSHEET_TESTS_REQUIRED = process.env.RENTALS_SPREADSHEET_TESTS === 'required';

/** One open or save as a person does it in LibreOffice (see libreoffice-driver.py). */
export interface SheetJob {
  open: string;
  filter: string;
  options?: string;
  edits?: Array<{ match: { column: string; equals: string }; set: { column: string; value: number } }>;
  save: string;
  saveFilter: string;
  saveOptions?: string;
}

export class LibreOffice {
  private readonly answers: string[] = [];
  private waiting?: (line: string) => void;

  private constructor(
    private readonly office: ChildProcess,
    private readonly driver: ChildProcessWithoutNullStreams,
  ) {
    createInterface({ input: driver.stdout }).on('line', (line) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) waiting(line);
      else this.answers.push(line);
    });
  }

  /** LibreOffice started on a fresh profile in `dir`, connected to. */
  static async start(dir: string): Promise<LibreOffice> {
    const profile = join(dir, 'profile');
    mkdirSync(join(profile, 'user'), { recursive: true });
    // No first-start wizard, no recovery, no macro prompts: a profile as a configured install has it.
    writeFileSync(
      join(profile, 'user', 'registrymodifications.xcu'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
        '<item oor:path="/org.openoffice.Setup/Office"><prop oor:name="ooSetupInstCompleted" oor:op="fuse"><value>true</value></prop></item>\n' +
        '</oor:items>\n',
    );
    const pipe = `rentals-sheets-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    // A process group of its own: LibreOffice's launcher starts soffice.bin under it, and close() ends that group only.
    const office = spawn('soffice', ['--headless', '--invisible', '--norestore', '--nologo', '--nodefault', `-env:UserInstallation=${pathToFileURL(profile).href}`, `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`], {
      stdio: 'ignore',
      detached: true,
    });
    const driver = spawn(PYTHON, [DRIVER, pipe], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    driver.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const office_ = new LibreOffice(office, driver);
    const ready = await Promise.race([
      office_.next(),
      new Promise<string>((_, reject) => driver.on('exit', (code) => reject(new Error(`the LibreOffice driver exited (${code}): ${stderr}`)))),
    ]);
    if (!JSON.parse(ready).ready) throw new Error(`LibreOffice did not start: ${ready}`);
    return office_;
  }

  private next(): Promise<string> {
    const line = this.answers.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  private async ask(job: object): Promise<void> {
    this.driver.stdin.write(`${JSON.stringify(job)}\n`);
    const answer = JSON.parse(await this.next()) as { ok: boolean; error?: string };
    if (!answer.ok) throw new Error(`LibreOffice: ${answer.error}`);
  }

  /** The locale numbers are typed, read and written in (`en-US`, `de-DE`). */
  locale(tag: string): Promise<void> {
    return this.ask({ locale: tag });
  }

  /** Open, edit, save: what a person does with the file. */
  edit(job: SheetJob): Promise<void> {
    return this.ask(job);
  }

  /** LibreOffice asked to quit; its process group ended if it has not within 20 s. */
  async close(): Promise<void> {
    this.driver.stdin.end();
    const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));
    const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000).unref());
    if ((await Promise.race([Promise.all([exited(this.driver), exited(this.office)]), timeout])) === 'late' && this.office.pid !== undefined) {
      try {
        process.kill(-this.office.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
