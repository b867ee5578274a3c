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
