export interface LicenceEntry {
  readonly name: string;
  readonly version: string;
  readonly licenses: string;
  readonly repository: string | null;
  readonly publisher: string | null;
  readonly licenseText: string | null;
}
export declare function importedPackages(dirs: string[]): Set<string>;
export declare function shippedClosure(rootDir: string, names: Iterable<string>): Map<string, string>;
export declare function collectLicences(rootDir?: string): Promise<LicenceEntry[]>;
