/** Requests counted per endpoint (E1…E21, `token`) and per status (`reset` for cut connections). */
export interface ServerStats {
  total: number;
  byStatus: Record<string, number>;
  byEndpoint: Record<string, { total: number; byStatus: Record<string, number> }>;
}

export interface StatsRecorder {
  record(endpoint: string, status: number | 'reset'): void;
  snapshot(): ServerStats;
  reset(): void;
}

export function createStatsRecorder(): StatsRecorder {
  let stats: ServerStats = { total: 0, byStatus: {}, byEndpoint: {} };
  return {
    record(endpoint, status) {
      const key = String(status);
      stats.total++;
      stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
      const entry = (stats.byEndpoint[endpoint] ??= { total: 0, byStatus: {} });
      entry.total++;
      entry.byStatus[key] = (entry.byStatus[key] ?? 0) + 1;
    },
    snapshot: () => structuredClone(stats),
    reset() {
      stats = { total: 0, byStatus: {}, byEndpoint: {} };
    },
  };
}
