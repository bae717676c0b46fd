// The sandbox's access token and client credentials. With a data file they are kept next to it in
// `<file>.credentials` (mode 0600), so a restart keeps the token every shell already exported and
// `--print-env` can print it without a running sandbox. Without one they live as long as the process.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type FileWriteError, createFileWhole } from '../common/atomic-file.js';
import { DataFileError } from './files.js';

export interface Credentials {
  token: string;
  clientId: string;
  clientSecret: string;
}

export function generateCredentials(): Credentials {
  return { token: randomUUID(), clientId: `sandbox-${randomUUID().slice(0, 8)}`, clientSecret: randomUUID() };
}

function credentialsPath(dataFile: string): string {
  return `${resolve(dataFile)}.credentials`;
}

/** The credentials stored with a data file; created (generated, 0600) the first time. */
export async function storedCredentials(dataFile: string): Promise<Credentials> {
  const path = credentialsPath(dataFile);
  for (let attempt = 0; attempt < 2; attempt++) {
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text !== undefined) return parseCredentials(text, path);
    await create(path, dataFile);
  }
  return parseCredentials(await readFile(path, 'utf8'), path);
}

/** False when another process created the file first (then it is read). Made whole: never seen empty. */
async function create(path: string, dataFile: string): Promise<boolean> {
  try {
    return await createFileWhole(path, `${JSON.stringify(generateCredentials())}\n`);
  } catch (error) {
    const code = (error as FileWriteError).code;
    if (code === 'ENOENT') throw new DataFileError(`cannot create the data file ${dataFile}: its directory does not exist`);
    if (code === 'EACCES' || code === 'EPERM') throw new DataFileError(`cannot create the data file ${dataFile}: permission denied`);
    throw error;
  }
}

function parseCredentials(text: string, path: string): Credentials {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const fields = value as Partial<Record<keyof Credentials, unknown>> | undefined;
  const usable = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && !/\s/.test(v);
  if (!fields || !usable(fields.token) || !usable(fields.clientId) || !usable(fields.clientSecret)) {
    throw new DataFileError(`the credentials file ${path} is unreadable (delete it, and the sandbox makes new credentials)`);
  }
  return { token: fields.token, clientId: fields.clientId, clientSecret: fields.clientSecret };
}
