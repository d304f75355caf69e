import { AppError } from '@shared/errors';
import { EMBEDDED_BASE_URL } from '@shared/domain/profile';
import { isPublicSuffix } from '../../security/public-suffix';
import type { AppSettings } from '../../services/app-settings';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

type HostSettings = Pick<AppSettings, 'webhookHosts' | 'approveWebhookHost'>;

/**
 * Refuses a wallet webhook_url on a host the person has not approved: the service would post every
 * deposit on that address to it. The active profile's own service host is approved implicitly.
 */
export function checkWebhookHost(url: string, approved: string[], profileBaseUrl: string): void {
  const host = new URL(url).hostname.toLowerCase();
  const own = profileBaseUrl === EMBEDDED_BASE_URL ? null : new URL(profileBaseUrl).hostname.toLowerCase();
  // Exact hosts only: approving example.co.uk approves neither co.uk nor its other names, and a
  // public suffix written into the settings file by hand approves nothing.
  if (host === own || (approved.includes(host) && !isPublicSuffix(host))) return;
  const why = `${host} is not an approved webhook host. Approve it in Settings first; nothing was sent.`;
  throw new AppError('webhook-host-not-approved', why, { fieldErrors: { webhook_url: [why] } });
}

/** `settings:*webhook-host*`: the list, and adding to it only after main's own window says yes. */
export function registerWebhookHosts(
  router: ChannelRegistry,
  deps: { settings: HostSettings; confirm: Confirmer },
): Disposer {
  return handleAll(router, {
    'settings:webhook-hosts': () => ({ hosts: deps.settings.webhookHosts() }),
    'settings:approve-webhook-host': async ({ host }) => {
      if (isPublicSuffix(host)) {
        const why = `${host} is a public suffix, under which anyone can register a name; approve the full host name of your receiver (such as hooks.${host}).`;
        throw new AppError('invalid-request', why, { fieldErrors: { host: [why] } });
      }
      if (!deps.settings.webhookHosts().includes(host)) {
        await requireConfirmation(deps.confirm, {
          title: `Allow wallets to send their deposit notices to ${host}?`,
          lines: [
            `Host: ${host}`,
            'The service will post every deposit on a wallet created with this host to it.',
          ],
          confirmLabel: 'Allow host',
        });
      }
      return { hosts: deps.settings.approveWebhookHost(host) };
    },
  });
}
