/** Why an update was not offered, not installed, or not installed now: a kind for code, words for people. */
export type RefusalKind =
  | 'no-release-key'
  | 'unreadable-signatures'
  | 'version-mismatch'
  | 'downgrade'
  | 'tampered'
  | 'bad-signature'
  | 'halted'
  | 'busy'
  | 'not-ready';

export class UpdateRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'UpdateRefusal';
  }
}
