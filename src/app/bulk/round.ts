// The step `prices adjust` rounds new prices to when --round is neither given nor in the report
// resumed. Light: the command's help names it without loading the engine.

export const DEFAULT_ROUND = '0.01';
