import { isIP } from 'node:net';
import { isAbsolute } from 'node:path';
import type pg from 'pg';
import { z } from 'zod';

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;
const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$.-]{0,62}$/;

/**
 * Where a desk finds its team's ledger, as the admin hands it out. The password and the desk's token
 * are not here: they live in the OS keychain (team-secrets.ts), never in a settings file.
 */
export const TeamConnectionSettings = z
  .object({
    host: z
      .string({ error: 'Enter the server’s address.' })
      .trim()
      .min(1, 'Enter the server’s address.')
      .refine((host) => isAbsolute(host) || isIP(host) !== 0 || HOST_NAME.test(host), {
        message:
          'The server’s address is a host name (db.example.com) or an IP address, without “https://” or a port.',
      }),
    port: z.coerce
      .number({ error: 'The port is a number (PostgreSQL’s usual port is 5432).' })
      .int('The port is a whole number (PostgreSQL’s usual port is 5432).')
      .min(1, 'The port is between 1 and 65535.')
      .max(65535, 'The port is between 1 and 65535.')
      .default(5432),
    database: z
      .string({ error: 'Enter the database name the admin gave you.' })
      .trim()
      .regex(IDENTIFIER, 'The database name is letters, digits and _ (as the admin gave it).'),
    user: z
      .string({ error: 'Enter your login name.' })
      .trim()
      .regex(IDENTIFIER, 'Your login name is letters, digits and _ (as the admin gave it).'),
    /** The CA certificate (PEM) the admin hands out; the server's certificate must be signed by it. */
    caPem: z
      .string()
      .trim()
      .max(64 * 1024, 'This is too long for a CA certificate: paste only the certificate.')
      .refine((text) => PEM_CERT.test(text), {
        message:
          'Paste the CA certificate whole, from “-----BEGIN CERTIFICATE-----” to “-----END CERTIFICATE-----”.',
      })
      .optional(),
  })
  .strict();
export type TeamConnectionSettings = z.infer<typeof TeamConnectionSettings>;

export interface ParseOptions {
  /** A unix socket folder as the host: for `npm run team:dev` and tests only, never a person's form. */
  allowSocket?: boolean;
}

/**
 * The settings checked at the boundary. Over the network TLS is not optional: a host that is not a
 * local socket needs the CA certificate, and the server's certificate is verified against it.
 */
export function teamConnectionSchema(options: ParseOptions = {}) {
  return TeamConnectionSettings.superRefine((settings, ctx) => {
    if (isAbsolute(settings.host)) {
      if (!options.allowSocket)
        ctx.addIssue({
          code: 'custom',
          path: ['host'],
          message:
            'A local socket folder is only for the demo team (npm run team:dev); enter the server’s address.',
        });
    } else if (!settings.caPem) {
      ctx.addIssue({
        code: 'custom',
        path: ['caPem'],
        message: 'Paste the CA certificate the admin gave you: the desk checks the server with it.',
      });
    }
  });
}

export const parseTeamConnection = (input: unknown, options: ParseOptions = {}): TeamConnectionSettings =>
  teamConnectionSchema(options).parse(input);

/** True when the settings reach the server over the network (and so over TLS). */
export const overNetwork = (settings: TeamConnectionSettings) => !isAbsolute(settings.host);

/**
 * node-postgres settings for one login. Over the network: TLS with the server's certificate verified
 * against the admin's CA only (not the system's CAs) and its name checked against the host (pg sets
 * the name to check from `host`; for an IP address the certificate must list that address).
 */
export function clientConfig(settings: TeamConnectionSettings, password: string): pg.ClientConfig {
  const base: pg.ClientConfig = {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password,
    application_name: 'merchant-desk',
    connectionTimeoutMillis: 10_000,
    // The live-sync connection sits idle for long stretches: keepalives notice a dead network.
    keepAlive: true,
  };
  if (!overNetwork(settings)) return base;
  return { ...base, ssl: { ca: settings.caPem, rejectUnauthorized: true } };
}
