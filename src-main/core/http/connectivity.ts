/**
 * Whether the server is reachable, as the last requests tell: a network failure
 * makes us offline at once, any HTTP answer online again.
 */
export interface Connectivity {
  readonly online: () => boolean;
  /** When the last request succeeded (epoch ms), or null. */
  readonly lastContactAt: () => number | null;
  reachable(at: number): void;
  unreachable(): void;
  onChange(listener: (online: boolean) => void): () => void;
}

export function createConnectivity(initiallyOnline = true): Connectivity {
  let online = initiallyOnline;
  let lastContact: number | null = null;
  const listeners = new Set<(online: boolean) => void>();
  const set = (value: boolean) => {
    if (value === online) return;
    online = value;
    for (const listener of listeners) listener(value);
  };
  return {
    online: () => online,
    lastContactAt: () => lastContact,
    reachable(at) {
      lastContact = at;
      set(true);
    },
    unreachable: () => set(false),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
