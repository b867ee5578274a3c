export declare function portProblem(port: number): Promise<string | undefined>;
export declare function choosePort(wanted: number, o: { what: string; flag: string; say?: (line: string) => void }): Promise<number>;
