export declare const GPL_COMPATIBLE: Set<string>;
export declare function gplCompatible(expression: unknown): boolean;
