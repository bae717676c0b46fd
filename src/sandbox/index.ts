// `rentals sandbox` as a library (for tests and scripts) and as the command's implementation.

export { DEFAULT_TOKEN_TTL_SECONDS, type Sandbox, type SandboxOptions, startSandbox } from './sandbox.js';
export { runSandboxCommand, type SandboxCommandOptions, type SandboxIo } from './command.js';
export { DataFileError } from './files.js';
export type { ErrorBody, ErrorCode, FieldProblem } from './errors.js';
