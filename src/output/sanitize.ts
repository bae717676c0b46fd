// Where the output layer finds stripControl (it lives below every layer, in src/common).
export { stripControl } from '../common/sanitize.js';
