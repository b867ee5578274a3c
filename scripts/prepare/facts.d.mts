export declare function npmFacts(root: string): {
  lockMtimeMs: number;
  installedMtimeMs?: number;
  nodeModulesExists: boolean;
  nodeModulesLinkTarget?: string;
};
export declare function chromiumFound(): boolean;
export declare function editorProvisioned(): boolean;
export declare function debianPackageInstalled(name: string): boolean;
export declare function debianFacts(): { isRoot: boolean; hasApt: boolean; listsReady: boolean };
export declare const APT_LOCKS: string[];
export declare function aptLockHolders(paths?: string[]): { path: string; pid: number; command?: string }[];
