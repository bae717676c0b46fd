// Placeholder entry; the sandbox is being built (issue 3).
export {};
