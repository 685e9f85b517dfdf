import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';

/** The rules the app is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** For a contrast failure, the colours and ratio axe measured (what to change). */
function contrastOf(node: { any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.contrastRatio ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
}

/** One screen's result: how many elements fail, and which rule and element each is. */
export interface AxeFinding {
  readonly screen: string;
  readonly nodes: number;
  readonly details: string[];
}

/**
 * Collects axe-core findings screen by screen, so one test can visit every screen and
 * fail once at the end with the whole list (a first failure would hide the rest).
 */
export function createAxeLog(testInfo: TestInfo) {
  const findings: AxeFinding[] = [];
  return {
    findings,
    /** Runs axe on what the page shows now, under `screen`'s name. */
    async check(page: Page, screen: string): Promise<void> {
      // Transitions end first: a half-faded dialog has half its contrast. Under emulated
      // reduced motion (the screen specs use it) they take no time, so a frame is enough.
      await page.waitForTimeout(60);
      const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const details = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}): ${n.target.join(' ')}${contrastOf(n)}`));
      findings.push({ screen, nodes: details.length, details });
      if (process.env['AXE_REPORT']) console.log(`axe ${new Date().toISOString().slice(11, 19)} ${details.length} ${screen}`);
    },
    /** Attaches the per-screen counts, and returns only the screens that failed. */
    async failures(): Promise<AxeFinding[]> {
      const table = findings.map((f) => `${String(f.nodes).padStart(4)}  ${f.screen}`).join('\n');
      await testInfo.attach('axe-counts.txt', { body: table, contentType: 'text/plain' });
      if (process.env['AXE_REPORT']) console.log(`axe: failing nodes per screen\n${table}\n${findings.flatMap((f) => f.details.map((d) => `${f.screen}: ${d}`)).join('\n')}`);
      return findings.filter((f) => f.nodes > 0);
    },
  };
}
