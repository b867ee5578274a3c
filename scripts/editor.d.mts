export declare const CHROMIUM_ARGS: string[];
export declare function chromiumPath(): string;
export declare function freePort(): Promise<number>;
