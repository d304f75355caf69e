import type { ErrorInfo } from '@contract';
import { plainError } from '../lib/plain-error';

/**
 * Why the connection is degraded, beside the badge, in the same plain words every screen uses. Its
 * own chunk with those words (the shell loads it lazily): a desk is degraded only after main has
 * polled the service, long after the first frame.
 */
export function ConnectionCause({ error }: { error: ErrorInfo | null }) {
  return (
    <span className="status__cause" data-testid="connection-cause">
      {error ? plainError(error).cause : 'The service is answering some requests with errors.'}
    </span>
  );
}
