/** The versions' refusals (contract/versions.ts). */

export const VERSION_NOT_FOUND = (n: number) => `Version ${n} gibt es in diesem Dialog nicht.`;
