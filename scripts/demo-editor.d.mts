import type { RunningService, SeedOptions } from '../test/service/index';

export declare const VSIX: string;
export declare function packageVsix(): string;
export interface Demo {
  svc: RunningService;
  editor: { url: string; port: number; stop(): Promise<void>; output(): string };
  work: { dir: string; remove(): void };
  timings: Record<string, number>;
  stop(): Promise<void>;
}
export declare function launchDemo(options?: {
  servicePort?: number;
  editorPort?: number;
  latencyMs?: number;
  realClock?: boolean;
  seed?: SeedOptions;
  settings?: Record<string, unknown>;
}): Promise<Demo>;
