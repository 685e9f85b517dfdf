/**
 * safeStorage stand-in with Electron 45's asynchronous API and its Linux rule: on the
 * `basic_text` backend nothing can be encrypted until `setUsePlainTextEncryption(true)`.
 * Encryption is a reversible transform; a test can change the key or ask for re-encryption.
 */
export function fakeSafeStorage(backend: string, options: { available?: boolean; platform?: string } = {}) {
  const state = {
    backend,
    available: options.available ?? true,
    plainText: false,
    keyChanged: false,
    shouldReEncrypt: false,
    key: 'k1',
    plainTextCalls: [] as boolean[],
  };
  const linuxBasic = () => (options.platform ?? 'linux') === 'linux' && state.backend === 'basic_text';
  const usable = () => state.available && (!linuxBasic() || state.plainText);
  return {
    state,
    getSelectedStorageBackend: () => state.backend as never,
    setUsePlainTextEncryption: (value: boolean) => {
      state.plainTextCalls.push(value);
      state.plainText = value;
    },
    isAsyncEncryptionAvailable: async () => usable(),
    encryptStringAsync: async (text: string) => {
      if (!usable()) throw new Error('Encryption is not available.');
      return Buffer.from(`${state.key}:${Buffer.from(text).toString('hex')}`);
    },
    decryptStringAsync: async (data: Buffer) => {
      if (!usable() || state.keyChanged) throw new Error('Error while decrypting the ciphertext');
      const [key, hex] = data.toString().split(':');
      return { result: Buffer.from(hex!, 'hex').toString(), shouldReEncrypt: state.shouldReEncrypt || key !== state.key };
    },
  };
}
