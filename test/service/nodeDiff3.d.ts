/**
 * The part of node-diff3 the service uses. The package ships its types under `exports` only, which
 * this project's `moduleResolution: node` does not read; this names what `textDiff.ts` imports.
 */
declare module 'node-diff3' {
  export function diffComm<T>(buffer1: T[], buffer2: T[]): Array<{ common: T[] } | { common?: undefined; buffer1: T[]; buffer2: T[] }>;
}
