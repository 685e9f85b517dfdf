import type { AppCommandHandlers, MainPeer } from '../../../src-shared/bridge/index.js';
import { LEGACY_DATABASE_NAME } from '../../../src-shared/workspaces/index.js';
import type { MainServices } from '../services.js';

const ID = 'default';

function unavailable(): never {
  throw Object.assign(new Error('this app runs on one workspace only'), { code: 'Unavailable' });
}

/**
 * One workspace's services seen as a registry of exactly that workspace, on the
 * database the app used before workspaces existed: for shells and benchmarks that
 * build `createMainServices` themselves. As with the registry, a window is attached
 * only once it declares its database open, so no store request reaches a window
 * that does not serve one yet.
 */
export function asSingleWorkspace(services: MainServices): MainServices {
  const peers: MainPeer[] = [];
  let opened: MainPeer | null = null;
  const handlers: AppCommandHandlers = {
    ...(services.handlers as AppCommandHandlers),
    'workspaces.list': () => ({
      active: ID,
      workspaces: [{ id: ID, name: services.info().workspaceName, kind: services.info().mode === 'demo' ? 'demo' : 'token', baseUrl: services.info().baseUrl || null, databaseName: LEGACY_DATABASE_NAME, signInNeeded: false, addedAt: '' }],
    }),
    'workspaces.open': ({ id }) => {
      const peer = peers.at(-1);
      if (id !== ID || !peer) return { opened: false, active: ID };
      if (opened !== peer) {
        if (opened) services.detach(opened);
        opened = peer;
        services.attach(peer);
      }
      return { opened: true, active: ID };
    },
    'workspaces.test': unavailable,
    'workspaces.add': unavailable,
    'workspaces.addDemo': unavailable,
    'workspaces.switch': unavailable,
    'workspaces.remove': unavailable,
    'workspaces.signIn': unavailable,
  };
  return {
    ...services,
    handlers,
    attach(peer) {
      if (!peers.includes(peer)) peers.push(peer);
    },
    detach(peer) {
      const index = peers.indexOf(peer);
      if (index >= 0) peers.splice(index, 1);
      if (opened === peer) {
        opened = null;
        services.detach(peer);
      }
    },
  };
}
