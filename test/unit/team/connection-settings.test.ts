import { describe, expect, it } from 'vitest';
import { clientConfig, parseTeamConnection } from '@main/team/connection-settings';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const net = { host: 'db.team.example', port: 5432, database: 'ledger', user: 'otto', caPem: CA };

const messages = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { issues: { message: string }[] }).issues.map((i) => i.message).join(' | ');
  }
  throw new Error('expected a refusal');
};

describe('team connection settings', () => {
  it('turns on TLS with the admin’s CA and certificate checks for a network host', () => {
    const config = clientConfig(parseTeamConnection(net), 'pw');
    expect(config.ssl).toEqual({ ca: CA, rejectUnauthorized: true });
    expect(config).toMatchObject({ host: 'db.team.example', port: 5432, database: 'ledger', user: 'otto' });
  });

  it('refuses a network host without a CA certificate: TLS is not optional', () => {
    expect(messages(() => parseTeamConnection({ ...net, caPem: undefined }))).toContain(
      'Paste the CA certificate the admin gave you',
    );
  });

  it('refuses text that is not a PEM certificate', () => {
    expect(messages(() => parseTeamConnection({ ...net, caPem: 'hello' }))).toContain(
      'Paste the CA certificate whole',
    );
  });

  it('refuses an address with a scheme or port in it', () => {
    expect(messages(() => parseTeamConnection({ ...net, host: 'https://db.team.example' }))).toContain(
      'without “https://” or a port',
    );
  });

  it('allows a unix socket only when asked to (team:dev and tests), and then without TLS', () => {
    const socket = { host: '/tmp/md-pg/sock', port: 5432, database: 'ledger', user: 'otto' };
    expect(messages(() => parseTeamConnection(socket))).toContain('only for the demo team');
    const config = clientConfig(parseTeamConnection(socket, { allowSocket: true }), 'pw');
    expect(config.ssl).toBeUndefined();
  });

  it('defaults the port to 5432 and refuses one out of range', () => {
    expect(parseTeamConnection({ ...net, port: undefined }).port).toBe(5432);
    expect(messages(() => parseTeamConnection({ ...net, port: 70000 }))).toContain('between 1 and 65535');
  });
});
