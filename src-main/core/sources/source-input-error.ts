/** A pasted id or portal link that does not name a source of the chosen kind. */
export class SourceInputError extends Error {
  override readonly name = 'SourceInputError';
  readonly code = 'InvalidSource';

  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}
