/**
 * The window's address changes (`popstate`: back, forward, an address typed or set),
 * told to whoever asks before the router hears of them: listened for before the router's
 * history is made, so this listener runs first. The router's hash history answers a
 * change that carries no history state (a typed or set address) by first writing the
 * address back with its state and keeping the scroll positions, and only then tells its
 * own listeners: 6–7 ms of a filter set by the address in the bench's traces, more
 * while the page's thread is shared.
 */
const listeners = new Set<(path: string) => void>();
let listening = false;

/** Starts listening, once; call before the router's history is made. */
export function listenForAddressChanges(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('popstate', () => {
    // The path the app's hash history names (what follows '#', from '/').
    const hashed = window.location.hash.slice(1);
    const path = hashed.startsWith('/') ? hashed : `/${hashed}`;
    for (const listener of [...listeners]) listener(path);
  });
}

/** Calls `listener` with the path in the hash on each address change from now on; returns what stops it. */
export function onAddressChange(listener: (path: string) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
