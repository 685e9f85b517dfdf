import type { BrowserWindow, Dialog } from 'electron';
import { join } from 'node:path';

/**
 * Help › Export Diagnostics…: asks where to save, then writes the archive there.
 * Resolves with the path written, or null when the user cancelled.
 */
export async function exportDiagnostics(deps: {
  readonly dialog: Pick<Dialog, 'showSaveDialog'>;
  readonly window: BrowserWindow | null;
  readonly defaultDir: string;
  readonly build: () => Promise<{ readonly name: string; readonly bytes: Uint8Array }>;
  readonly writeFile: (path: string, data: Uint8Array) => Promise<void>;
}): Promise<string | null> {
  const archive = await deps.build();
  const options = {
    title: 'Export Diagnostics',
    defaultPath: join(deps.defaultDir, archive.name),
    filters: [{ name: 'Zip archive', extensions: ['zip'] }],
    properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
  };
  const answer = deps.window ? await deps.dialog.showSaveDialog(deps.window, options) : await deps.dialog.showSaveDialog(options);
  if (answer.canceled || !answer.filePath) return null;
  await deps.writeFile(answer.filePath, archive.bytes);
  return answer.filePath;
}
