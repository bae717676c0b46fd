// Setup file: after each test file, the temporary directories it made with fileTempDir go.

import { afterAll } from 'vitest';
import { removeFileTempDirs } from '../helpers/file-temp-dirs.js';

afterAll(removeFileTempDirs);
