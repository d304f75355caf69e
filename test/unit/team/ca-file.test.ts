import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCaFile } from '@main/team/ca-file';
import { makeTestCa, type TestCa } from '@test/helpers/tls-certs';

describe('the team’s CA read from a chosen file, in main', () => {
  let ca: TestCa;
  let dir: string;
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  beforeAll(() => {
    ca = makeTestCa('Front office CA');
    dir = mkdtempSync(join(tmpdir(), 'md-ca-file-'));
  });

  it('reads a CA certificate in PEM form and names it', () => {
    const read = readCaFile(file('team-ca.pem', `comment line\n${ca.caPem}`));
    expect(read.pem).toBe(ca.caPem.trim());
    expect(read.file).toBe('team-ca.pem');
    expect(read.words).toMatch(
      /^Read the CA certificate from team-ca\.pem: CN=Front office CA, valid until /,
    );
  });

  it('refuses the server’s own certificate (not a CA), a file holding a private key, and one with no PEM certificate', () => {
    const server = ca.serverCert(['DNS:db.test']);
    expect(readCaFile(file('server.crt', server.certPem))).toMatchObject({
      pem: null,
      words: expect.stringContaining('is not a CA'),
    });
    expect(readCaFile(file('bundle.pem', `${ca.caPem}\n${server.keyPem}`))).toMatchObject({
      pem: null,
      words: expect.stringContaining('holds a private key'),
    });
    expect(readCaFile(file('ca.der', Buffer.from([0x30, 0x82, 0x01, 0x0a, 0x02])))).toMatchObject({
      pem: null,
      words: expect.stringContaining('no certificate in PEM form'),
    });
  });

  it('refuses a file too large to be a CA, an expired CA, and a file that cannot be read', () => {
    expect(readCaFile(file('huge.pem', 'x'.repeat(64 * 1024 + 1))).words).toContain('larger than a CA');
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    expect(readCaFile(file('old.pem', ca.caPem), later).words).toContain('expired on');
    expect(readCaFile(join(dir, 'missing.pem'))).toMatchObject({
      pem: null,
      words: 'missing.pem could not be read (ENOENT).',
    });
  });
});
