/** Set by electron-vite from build/release-key.pub (scripts/release-inputs.mjs); absent when tests run sources. */
declare const __MD_RELEASE_PUBLIC_KEY__: string | null | undefined;

/**
 * The public half of Merchant Desk's release key (Ed25519, raw 32 bytes, base64) this build carries:
 * every update is checked against it before it may be installed (release-signature.ts). It comes from
 * build/release-key.pub at build time; the private half never enters this repository or CI's build job
 * (`npx tsx scripts/sign-release.ts keygen` makes a pair; docs/guide/updates.md says where each goes).
 *
 * Null in a build without that file (a developer's or CI's): its updates are off, and Settings says so
 * (self-update-setup.ts), rather than installing anything it cannot check.
 */
export const RELEASE_PUBLIC_KEY: string | null =
  typeof __MD_RELEASE_PUBLIC_KEY__ === 'string' ? __MD_RELEASE_PUBLIC_KEY__ : null;
