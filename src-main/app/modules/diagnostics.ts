import { exportDiagnostics, type DiagnosticsExportDeps } from '../diagnostics/export';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

/** `app:about` and `diagnostics:export`: what Help → About shows and the zip support asks for. */
export function registerDiagnostics(router: ChannelRegistry, deps: DiagnosticsExportDeps): Disposer {
  return handleAll(router, {
    'app:about': () => deps.about(),
    'diagnostics:export': () => exportDiagnostics(deps),
  });
}
