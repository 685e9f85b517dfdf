export declare const ICON_SIZES: { readonly ico: number[]; readonly icns: number[]; readonly png: number[] };
export declare function makeIcons(source?: string, outDir?: string): Promise<string[]>;
