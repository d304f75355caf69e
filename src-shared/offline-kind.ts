import type { ErrorKind } from './errors';

/**
 * Failures that mean the service did not answer as itself (nothing reached it, or something else
 * answered): the connection is offline, as opposed to a service that answers with errors.
 * No runtime imports: the renderer's shell uses this, and pulling in zod would double its first chunk.
 */
export function isOfflineKind(kind: ErrorKind): boolean {
  return kind === 'transport' || kind === 'not-json';
}
