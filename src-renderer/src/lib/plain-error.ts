/**
 * The plain words live in src-shared so the fault drills (plain Node) assert exactly what the
 * renderer shows; the renderer keeps importing them from here.
 */
export { plainError, type PlainError } from '@shared/plain-error';
