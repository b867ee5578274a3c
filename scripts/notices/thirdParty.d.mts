export interface LockFile {
  packages: Record<string, { name?: string; version?: string; license?: unknown }>;
}
export declare function shippedInputs(metafile: { outputs: Record<string, { inputs: Record<string, unknown> }> }): string[];
export declare function packageOf(file: string): { key: string; dir: string } | undefined;
export declare function thirdPartyNotices(f: { files: string[]; lock: LockFile; cwd: string }): {
  text: string;
  packages: { name: string; version: string; license: string }[];
};
