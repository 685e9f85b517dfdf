import type { Logger } from '../../../../src-main/core/logger.js';

/** A logger that keeps every line as it would be written, so a test can search it (for secrets, for warnings). */
export function recordingLog(): Logger & { readonly lines: string[]; text(): string } {
  const lines: string[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push(`[${level}] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  };
  return {
    lines,
    text: () => lines.join('\n'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}
