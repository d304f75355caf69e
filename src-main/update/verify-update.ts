import type { KeyObject } from 'node:crypto';
import { isSignedBy, ReleaseSignatures, sha512OfFile } from './release-signature';
import { UpdateRefusal } from './refusal';
import { compareVersions } from './version';

export interface DownloadedUpdate {
  /** The installer or archive on disk, as the engine downloaded it. */
  file: string;
  /** The version the update server's feed named for it. */
  version: string;
}

export interface VerifyInput {
  /** Null: this copy was built without the release key. */
  publicKey: KeyObject | null;
  currentVersion: string;
  /** The signatures file of that version, as fetched (parsed JSON), or the reason it could not be. */
  signatures: unknown;
}

const NOT_INSTALLED = 'It was not installed.';

/**
 * Checks a downloaded update against Merchant Desk's own release signature before anything may install
 * it. Resolves with the checked SHA-512; throws an UpdateRefusal whose message says, in words, what is
 * wrong and that nothing was installed. Every check runs on every update: one failing is enough.
 */
export async function verifyUpdate(update: DownloadedUpdate, input: VerifyInput): Promise<string> {
  const { version } = update;
  if (!input.publicKey)
    throw new UpdateRefusal(
      'no-release-key',
      `This copy of Merchant Desk was built without its release key, so it cannot check that version ${version} really comes from Merchant Desk. ${NOT_INSTALLED} Ask whoever installs your software for the new version.`,
    );
  if (compareVersions(version, input.currentVersion) <= 0)
    throw new UpdateRefusal(
      'downgrade',
      `The update server offers version ${version}, which is not newer than the ${input.currentVersion} you are running. Merchant Desk never goes back to an older (or the same) version. ${NOT_INSTALLED}`,
    );
  const parsed = ReleaseSignatures.safeParse(input.signatures);
  if (!parsed.success)
    throw new UpdateRefusal(
      'unreadable-signatures',
      `The list of Merchant Desk's signatures for version ${version} is missing or unreadable on the update server, so the download cannot be checked. ${NOT_INSTALLED}`,
    );
  const signed = parsed.data;
  if (signed.version !== version)
    throw new UpdateRefusal(
      'version-mismatch',
      `The update server calls this release version ${version}, but its signatures are for version ${signed.version}. An older release may be being passed off as a new one. ${NOT_INSTALLED}`,
    );
  const sha512 = await sha512OfFile(update.file);
  const artifact = signed.artifacts.find((a) => a.sha512 === sha512);
  if (!artifact)
    throw new UpdateRefusal(
      'tampered',
      `The file downloaded for version ${version} is not one Merchant Desk signed: its contents were changed on the server or on the way. ${NOT_INSTALLED}`,
    );
  if (!isSignedBy(input.publicKey, sha512, version, artifact.signature))
    throw new UpdateRefusal(
      'bad-signature',
      `Version ${version}'s signature does not match Merchant Desk's release key: it was not signed by Merchant Desk. ${NOT_INSTALLED} Tell whoever looks after your computers; the update server may have been tampered with.`,
    );
  return sha512;
}
