/**
 * What the workspaces need of a vault: the desktop shell passes its safeStorage vault,
 * the browser harness a memory one. Values are never logged or sent to the renderer.
 */
export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/**
 * The harness's vault: secrets live only as long as the process. A workspace whose
 * secret is gone after a restart asks to sign in again, as it would after a revocation.
 */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    get: async (name) => secrets.get(name) ?? null,
    set: async (name, value) => {
      secrets.set(name, value);
    },
    delete: async (name) => {
      secrets.delete(name);
    },
  };
}
