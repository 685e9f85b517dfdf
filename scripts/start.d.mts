export declare function findElectronBinary(electronDir: string): { ok: true; binary: string } | { ok: false; reason: string };
export declare const MISSING_ELECTRON_MESSAGE: (reason: string) => string;
