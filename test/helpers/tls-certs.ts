import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  readonly caPem: string;
  /** A server certificate signed by this CA for the given names (`IP:127.0.0.1`, `DNS:db.test`). */
  serverCert(altNames: string[]): { certPem: string; keyPem: string };
}

/** A throwaway certificate authority made with openssl (P-256 keys, valid two days). */
export function makeTestCa(name = 'Merchant Desk test CA'): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'md-ca-'));
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    openssl([
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    const caPem = readFileSync(join(dir, 'ca.crt'), 'utf8');
    const caKey = readFileSync(join(dir, 'ca.key'), 'utf8');
    let serial = 0;
    return {
      caPem,
      serverCert(altNames) {
        serial += 1;
        const work = mkdtempSync(join(tmpdir(), 'md-cert-'));
        const sh = (args: string[]) => execFileSync('openssl', args, { cwd: work, stdio: 'pipe' });
        try {
          writeFileSync(join(work, 'ca.crt'), caPem);
          writeFileSync(join(work, 'ca.key'), caKey, { mode: 0o600 });
          writeFileSync(
            join(work, 'ext.cnf'),
            `subjectAltName=${altNames.join(',')}\nextendedKeyUsage=serverAuth\n`,
          );
          sh(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=team ledger']);
          sh([
            'x509',
            '-req',
            '-in',
            'server.csr',
            '-CA',
            'ca.crt',
            '-CAkey',
            'ca.key',
            '-set_serial',
            String(serial),
            '-days',
            '2',
            '-extfile',
            'ext.cnf',
            '-out',
            'server.crt',
          ]);
          return {
            certPem: readFileSync(join(work, 'server.crt'), 'utf8'),
            keyPem: readFileSync(join(work, 'server.key'), 'utf8'),
          };
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
