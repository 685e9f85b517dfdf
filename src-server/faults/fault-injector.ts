import type { EndpointDef } from '../../src-shared/api/index.js';
import { createRandom, hashInts } from '../data/prng.js';
import type { Row } from '../data/row-generator.js';
import { corruptRow } from './corrupt-row.js';
import { DEFAULT_FAULTS, type FaultSettings } from './fault-settings.js';

export interface InjectedAnswer {
  readonly status: 429 | 500 | 503;
  readonly retryAfterSeconds: number | null;
}

/**
 * Decides, per API request, which fault to inject. Decisions come from a stream
 * seeded by the server seed, so a run with the same settings fails the same way.
 */
export interface FaultInjector {
  get(): FaultSettings;
  set(patch: Partial<FaultSettings>): void;
  reset(): void;
  /** Waits the configured latency, then returns an error to answer with instead, if any. */
  before(): Promise<InjectedAnswer | null>;
  /** Replaces a share of a page's rows by schema-violating copies. */
  corruptRows(endpoint: EndpointDef, rows: Row[]): Row[];
  /** What to do to the body of a response about to be sent. */
  bodyFault(): 'reset' | 'truncate' | null;
}

export function createFaultInjector(options: {
  seed: number;
  initial?: Partial<FaultSettings>;
  onRevoke: () => void;
  sleep?: (ms: number) => Promise<void>;
}): FaultInjector {
  const random = createRandom(hashInts(options.seed, 0xfa17));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let settings: FaultSettings = { ...DEFAULT_FAULTS, ...options.initial };
  return {
    get: () => ({ ...settings }),
    set(patch) {
      settings = { ...settings, ...patch };
    },
    reset() {
      settings = { ...DEFAULT_FAULTS };
    },
    async before() {
      if (settings.latencyMs > 0) await sleep(settings.latencyMs);
      if (settings.revokeTokensAfter !== null) {
        if (settings.revokeTokensAfter <= 0) {
          settings = { ...settings, revokeTokensAfter: null };
          options.onRevoke();
        } else settings = { ...settings, revokeTokensAfter: settings.revokeTokensAfter - 1 };
      }
      if (settings.throttleBurst > 0) {
        settings = { ...settings, throttleBurst: settings.throttleBurst - 1 };
        return { status: 429, retryAfterSeconds: settings.retryAfterSeconds };
      }
      if (settings.errorRate > 0 && random.next() < settings.errorRate) {
        return random.chance(0.5)
          ? { status: 500, retryAfterSeconds: null }
          : { status: 503, retryAfterSeconds: settings.retryAfterSeconds };
      }
      return null;
    },
    corruptRows(endpoint, rows) {
      if (settings.badRowRate <= 0) return rows;
      return rows.map((row) => (random.next() < settings.badRowRate ? corruptRow(endpoint, row) : row));
    },
    bodyFault() {
      if (settings.resetRate > 0 && random.next() < settings.resetRate) return 'reset';
      if (settings.truncateRate > 0 && random.next() < settings.truncateRate) return 'truncate';
      return null;
    },
  };
}
