// Stand-in for the `server-only` guard package under Vitest, where all code runs on the server.
export {};
