// Types of nodes.mjs, for the TypeScript tests that use it (test/packaging.test.ts).
export type NodeBinary = { major: number; path: string; version: string; missing?: undefined } | { major: number; missing: string; path?: undefined; version?: undefined };
export function nodeCacheDir(): string;
export function nodeBinary(major: number): NodeBinary;
export function nodeBinaries(majors?: number[]): NodeBinary[];
export function nodesToTime(majors: number[], notes: string[]): Array<Extract<NodeBinary, { missing?: undefined }>>;
