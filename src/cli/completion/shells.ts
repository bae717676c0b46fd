// The shells `rentals completion` writes a script for: what its argument and the hidden
// `__complete --shell` take. Small on purpose: the command's definition reads it at every run.

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
