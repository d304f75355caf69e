import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import type { UpdateChannel } from '@shared/domain/updates';
import { channelFileName } from '@main/update/feed';
import { loopbackEngine } from '@main/update/loopback-engine';
import { sha512OfFile } from '@main/update/release-signature';
import { publicKeyBase64Of, signReleaseFolder } from '../../scripts/sign-release';

/** A release key pair of the test's own: the private half as PEM, the public half as release-key.ts holds it. */
export function makeReleaseKey(): { privatePem: string; publicKey: string } {
  const privatePem = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString();
  return { privatePem, publicKey: publicKeyBase64Of(privatePem) };
}

/**
 * An update server on loopback, as a release folder uploaded to a static host looks: the channel file
 * (latest-linux.yml…) electron-builder writes, the installers, and the signing tool's signatures file.
 */
export async function startUpdateServer() {
  const dir = mkdtempSync(join(tmpdir(), 'md-updates-'));
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    requested.push(name);
    if (!readdirSync(dir).includes(name)) return void res.writeHead(404).end();
    res.writeHead(200).end(readFileSync(join(dir, name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  /** Puts a release up, signed by the signing tool with `privatePem`. */
  async function publish(release: {
    version: string;
    bytes: Buffer;
    privatePem: string;
    stagingPercentage?: number;
    channel?: UpdateChannel;
    /** The system whose channel file it writes (latest-linux.yml by default; the Electron spec's own). */
    platform?: string;
    arch?: string;
  }): Promise<{ artifact: string }> {
    const artifact = `Merchant-Desk-${release.version}.AppImage`;
    writeFileSync(join(dir, artifact), release.bytes);
    await signReleaseFolder({ dir, version: release.version, privatePem: release.privatePem });
    const sha512 = await sha512OfFile(join(dir, artifact));
    writeFileSync(
      join(
        dir,
        channelFileName(release.channel ?? 'stable', release.platform ?? 'linux', release.arch ?? 'x64'),
      ),
      dump({
        version: release.version,
        files: [{ url: artifact, sha512, size: release.bytes.length }],
        path: artifact,
        sha512,
        releaseDate: '2026-11-26T08:00:00.000Z',
        ...(release.stagingPercentage === undefined ? {} : { stagingPercentage: release.stagingPercentage }),
      }),
    );
    return { artifact };
  }

  /** Stands in for electron-updater: main's loopback engine, counting what would have been installs. */
  const engine = Object.assign(loopbackEngine({ feedUrl, fetch, install: () => void engine.installs++ }), {
    installs: 0,
  });

  return {
    feedUrl,
    dir,
    requested,
    publish,
    engine,
    /** Replaces a file on the server as someone with write access to it would. */
    replace: (name: string, content: string | Buffer) => writeFileSync(join(dir, name), content),
    read: (name: string) => readFileSync(join(dir, name), 'utf8'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
