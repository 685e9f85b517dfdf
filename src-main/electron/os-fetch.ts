import type { Net } from 'electron';

/**
 * The services' `fetch` on Electron's network stack (`net.fetch`): the OS's proxy and
 * PAC settings and its certificate store apply, as in a browser, so a tenant behind a
 * corporate proxy or TLS inspection is reachable. `net.fetch` takes a string or a
 * Request, not a URL object.
 */
export function osFetch(net: Pick<Net, 'fetch'>): typeof fetch {
  return (input, init) => net.fetch(input instanceof URL ? input.href : input, init);
}
