export type SmokePlan = { run: true; wrapper: string[] } | { run: false; message: string };
export declare function smokePlan(options: {
  found: { ok: true; binary: string } | { ok: false; reason: string };
  platform: string;
  env: Record<string, string | undefined>;
  hasXvfbRun: boolean;
}): SmokePlan;
