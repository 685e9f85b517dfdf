/**
 * A secret was not stored because the OS offers no real protection for it: no
 * encryption at all, or Linux's `basic_text` fallback (a hard-coded key) while the
 * user has not accepted it. The message is meant for the user.
 */
export class InsecureStorageError extends Error {
  override readonly name = 'InsecureStorageError';
  readonly code = 'InsecureStorage';
  constructor(readonly backend: string) {
    super(
      backend === 'unavailable'
        ? 'This system cannot encrypt secrets, so Outpost will not store your token.'
        : `No system keyring was found (secret storage "${backend}"): your token would be stored without real encryption. ` +
            'Install or unlock a keyring (GNOME Keyring, KWallet), or allow plain-text storage in Settings.',
    );
  }
}
