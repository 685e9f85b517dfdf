import type { CrashReporter } from 'electron';

/**
 * Crash reports stay on this machine: Crashpad writes minidumps to the app's
 * `crashDumps` folder and uploads nothing. The diagnostics archive carries the newest
 * ones when the user chooses to send it.
 */
export function startLocalCrashReports(reporter: Pick<CrashReporter, 'start'>, productName: string): void {
  reporter.start({ productName, submitURL: '', uploadToServer: false, ignoreSystemCrashHandler: false, compress: true });
}
