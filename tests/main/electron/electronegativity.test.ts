import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_FINDINGS } from './electronegativity/allow-list.js';

const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

interface Finding {
  readonly issue: string;
  readonly severity: string;
  readonly file: string;
  readonly location: string;
  readonly sample: string;
}

interface SarifResult {
  readonly ruleId: string;
  readonly level?: string;
  readonly message?: { readonly text?: string };
  readonly locations?: readonly {
    readonly physicalLocation?: {
      readonly artifactLocation?: { readonly uri?: string };
      readonly region?: { readonly startLine?: number; readonly startColumn?: number };
    };
  }[];
}

let work: string;
let findings: Finding[];

/**
 * Runs Electronegativity on copies of src-main and src-renderer (plus a canary that
 * must be flagged) and reads its SARIF report (structured JSON: its CSV does not always
 * quote the CSP text it quotes). It exits 0 whatever it finds, so pass or fail is
 * decided here. The release look-up check is left out: it needs the network.
 */
beforeAll(async () => {
  const electronVersion = (JSON.parse(await readFile(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
  work = await mkdtemp(join(tmpdir(), 'outpost-electronegativity-'));
  for (const folder of ['src-main', 'src-renderer']) await cp(join(root, folder), join(work, 'scan', folder), { recursive: true });
  await cp(join(import.meta.dirname, 'electronegativity', 'canary'), join(work, 'scan', 'canary'), { recursive: true });
  const report = join(work, 'findings.sarif');
  await promisify(execFile)(
    process.execPath,
    [
      '--require', join(import.meta.dirname, 'electronegativity', 'offline-got.cjs'),
      require.resolve('@doyensec/electronegativity/dist/index.js'),
      '-i', join(work, 'scan'),
      '-e', electronVersion,
      '-r',
      '-x', 'AvailableSecurityFixesGlobalCheck',
      '-v', 'false',
      '-o', report,
    ],
    { cwd: work, timeout: 60_000 },
  );
  const sarif = JSON.parse(await readFile(report, 'utf8')) as { runs: { results: SarifResult[] }[] };
  findings = sarif.runs.flatMap((run) => run.results).map((result) => {
    const location = result.locations?.[0]?.physicalLocation;
    return {
      issue: result.ruleId,
      severity: result.level ?? '',
      file: location?.artifactLocation?.uri ?? '',
      location: location?.region ? `${location.region.startLine ?? ''}:${location.region.startColumn ?? ''}` : '',
      sample: result.message?.text ?? '',
    };
  });
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('Electronegativity scan', () => {
  it('works: the insecure canary window is reported', () => {
    const canary = findings.filter((f) => f.file.startsWith('canary/')).map((f) => f.issue);
    expect(canary).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'HTTP_RESOURCES_JS_CHECK']));
  });

  it('finds nothing in the app beyond the reviewed allow-list', () => {
    const app = findings.filter((f) => !f.file.startsWith('canary/'));
    const unexplained = app.filter((f) => !ALLOWED_FINDINGS.some((allowed) => allowed.issue === f.issue && allowed.file === f.file));
    expect(unexplained).toEqual([]);
  });

  it('has a reason for every allowed finding', () => {
    for (const allowed of ALLOWED_FINDINGS) expect(allowed.reason.length).toBeGreaterThan(40);
  });
});
