/**
 * Kept only for src-main/journal (the storage room, moving in a parallel change) until its import
 * names ../protocol/canonical; remove when the two meet. Nothing else imports this path.
 */
export { canonicalJson } from '../protocol/canonical';
