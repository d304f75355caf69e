import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';

const MAX_BYTES = 64 * 1024;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export interface CaFileRead {
  /** The certificate(s) as PEM text, ready for the connection settings; null when refused. */
  pem: string | null;
  /** The file's name (not its folder), for the person to see what was read. */
  file: string | null;
  words: string;
}

const refuse = (file: string, words: string): CaFileRead => ({ pem: null, file, words });

/**
 * The team's CA certificate from a file the person chose in main's own dialog: read here, in main, and
 * checked before anything uses it — PEM text, at most 64 KiB, certificates only (a file holding a
 * private key is refused: it must never be handed round), each one a CA and within its dates.
 */
export function readCaFile(path: string, now: Date = new Date()): CaFileRead {
  const file = basename(path);
  let text: string;
  try {
    if (statSync(path).size > MAX_BYTES)
      return refuse(
        file,
        `${file} is larger than a CA certificate can be (64 KiB): choose the CA file the admin gave you.`,
      );
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return refuse(file, `${file} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  if (/PRIVATE KEY-----/.test(text))
    return refuse(
      file,
      `${file} holds a private key. Nothing was read from it: a private key must never leave the server; ask the admin for the CA certificate alone.`,
    );
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0)
    return refuse(
      file,
      `${file} holds no certificate in PEM form (text from “-----BEGIN CERTIFICATE-----” to “-----END CERTIFICATE-----”). If the admin gave a binary .der or .cer file, ask for the PEM one.`,
    );
  const named: string[] = [];
  for (const block of blocks) {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(block);
    } catch {
      return refuse(
        file,
        `${file} holds a certificate block that is damaged; ask the admin for the file again.`,
      );
    }
    const subject = cert.subject.replace(/\n/g, ', ');
    if (!cert.ca)
      return refuse(
        file,
        `${file} holds a certificate that is not a CA (${subject}): the desk needs the CA that signed the server’s certificate, not the server’s own.`,
      );
    if (new Date(cert.validTo) < now)
      return refuse(
        file,
        `The CA certificate in ${file} (${subject}) expired on ${cert.validTo}; ask the admin for the new one.`,
      );
    if (new Date(cert.validFrom) > now)
      return refuse(
        file,
        `The CA certificate in ${file} (${subject}) is not valid before ${cert.validFrom}; check this computer’s clock.`,
      );
    named.push(`${subject}, valid until ${cert.validTo}`);
  }
  return {
    pem: blocks.join('\n'),
    file,
    words: `Read ${blocks.length === 1 ? 'the CA certificate' : `${blocks.length} CA certificates`} from ${file}: ${named.join('; ')}.`,
  };
}
