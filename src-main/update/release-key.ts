/**
 * The public half of Merchant Desk's release key (Ed25519, raw 32 bytes, base64): every update is
 * checked against it before it may be installed (release-signature.ts). The private half never enters
 * this repository or CI's build job; `npx tsx scripts/sign-release.ts keygen` makes a pair and
 * docs/guide/updates.md says where the private half is kept.
 *
 * Null until the release owner puts the first key here: a copy built without it refuses every update
 * in words (verify-update.ts) rather than installing one it cannot check.
 */
export const RELEASE_PUBLIC_KEY: string | null = null;
