// SHA256SUMS for a release: one line per file, "<sha-256 in hex>  <name>", the format `sha256sum -c`
// and `shasum -a 256 -c` read, sorted by name. Published beside the installers so anyone who
// downloads one can check it against the list (and the list against the release's signature).
//
// `node scripts/release-sums.mjs <dir>` writes <dir>/SHA256SUMS over every other file in <dir>;
// `node scripts/release-sums.mjs --verify <dir>` checks them, exiting 1 on any difference.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUMS = 'SHA256SUMS';

/** Streams the file: installers run to hundreds of megabytes. */
function sha256(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The files a release publishes: every regular file in `dir` but the sums themselves, by name. */
function releaseFiles(dir) {
  return readdirSync(dir)
    .filter((name) => name !== SUMS && statSync(join(dir, name)).isFile())
    .sort();
}

/** SHA256SUMS's text for `dir`. A name with a line break could forge a line: it is refused. */
export async function sumsFor(dir) {
  const names = releaseFiles(dir);
  if (names.length === 0) throw new Error(`${dir} holds no files to sum`);
  const lines = [];
  for (const name of names) {
    if (/[\r\n\\]/.test(name))
      throw new Error(
        `refusing to sum a file whose name has a line break or backslash: ${JSON.stringify(name)}`,
      );
    lines.push(`${await sha256(join(dir, name))}  ${name}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Compares `dir` with its SHA256SUMS: returns one line per problem (a changed, missing or unlisted
 * file, or a malformed line), empty when everything matches.
 */
export async function verifySums(dir) {
  const path = join(dir, SUMS);
  if (!existsSync(path)) return [`${SUMS} is missing from ${dir}`];
  const problems = [];
  const listed = new Map();
  for (const line of readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!match) problems.push(`malformed line in ${SUMS}: ${JSON.stringify(line)}`);
    else listed.set(match[2], match[1]);
  }
  for (const [name, expected] of listed) {
    const file = join(dir, name);
    if (!existsSync(file)) problems.push(`${name}: listed but missing`);
    else if ((await sha256(file)) !== expected) problems.push(`${name}: SHA-256 differs from ${SUMS}`);
  }
  for (const name of releaseFiles(dir))
    if (!listed.has(name)) problems.push(`${name}: not listed in ${SUMS}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const verify = args[0] === '--verify';
  const dir = verify ? args[1] : args[0];
  if (!dir) {
    console.error('usage: node scripts/release-sums.mjs [--verify] <dir>');
    process.exit(2);
  }
  if (verify) {
    const problems = await verifySums(dir);
    for (const problem of problems) console.error(`release-sums: ${problem}`);
    if (problems.length > 0) process.exit(1);
    console.log(`release-sums: every file in ${dir} matches ${SUMS}.`);
  } else {
    const text = await sumsFor(dir);
    writeFileSync(join(dir, SUMS), text);
    process.stdout.write(text);
  }
}
