import type { Profile } from '@shared/domain/profile';
import { exportBooks, type BooksExportDeps } from '../../books/export-books';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface BooksModuleDeps extends BooksExportDeps {
  /** The active profile: main decides whose books are exported, never the renderer. */
  activeProfile: () => Pick<Profile, 'id' | 'environment'>;
}

/** Books exports (issue 29) of the active profile, from the journal alone. */
export function registerBooks(router: ChannelRegistry, deps: BooksModuleDeps): Disposer {
  return handleAll(router, {
    'books:export': (request) => {
      const { id, environment } = deps.activeProfile();
      const who = { format: request.format, profileId: id, environment };
      return exportBooks(
        deps,
        'sessionId' in request
          ? { ...who, sessionId: Number(request.sessionId) }
          : { ...who, from: request.from, to: request.to },
      );
    },
  });
}
