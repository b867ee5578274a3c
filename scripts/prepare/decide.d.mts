export declare const MIN_NODE: string;
export declare function nodeProblem(version: string): string | undefined;
export type NpmDecision = { action: 'none' } | { action: 'npm ci'; reason: string } | { action: 'refuse'; message: string };
export declare function npmDecision(f: {
  lockMtimeMs: number;
  installedMtimeMs?: number;
  nodeModulesExists: boolean;
  nodeModulesLinkTarget?: string;
}): NpmDecision;
export declare function missingDebianPackages(f: {
  needs: string[];
  chromiumFound: boolean;
  editorProvisioned: boolean;
  krb5Installed: boolean;
}): string[];
export declare function debianPlan(f: {
  packages: string[];
  isRoot: boolean;
  hasApt: boolean;
  listsReady: boolean;
}): { commands: string[][] } | { message: string };
export declare const APT_LOCK_WAIT_SECONDS: number;
export declare function aptGet(...args: string[]): string[];
export declare function lockHolders(
  procLocks: string,
  files: { path: string; major: number; minor: number; ino: bigint | number }[],
): { path: string; pid: number }[];
export type AptLockDecision = { action: 'not a lock' } | { action: 'wait' | 'give up'; message: string };
export declare function aptLockDecision(f: {
  command: string[];
  holders: { path: string; pid: number; command?: string }[];
  waitedMs: number;
}): AptLockDecision;
