import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** How the wire stores a fuse: the characters '0' (off) and '1' (on). */
export const FuseState = { DISABLE: 0x30, ENABLE: 0x31 } as const;
/** The fuse wire as Electron 45 ships it: run as node, NODE_OPTIONS and --inspect on; cookie
 * encryption, asar integrity and asar-only off ('1' on, '0' off, in FuseV1Options order). */
const ELECTRON_45_WIRE = '10110001';

/**
 * A stand-in for an Electron executable: not runnable, but it carries the fuse sentinel and wire
 * between other bytes, so @electron/fuses reads and flips it exactly as it would the real one.
 */
export function writePlaceholderBinary(file: string): string {
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from('\x7fELF…code…'),
      Buffer.from(SENTINEL),
      Buffer.from([1, ELECTRON_45_WIRE.length]),
      Buffer.from(ELECTRON_45_WIRE),
      Buffer.from('…more code…'),
    ]),
  );
  chmodSync(file, 0o755);
  return file;
}

/**
 * An unpacked Linux Electron distribution for electron-builder's `electronDist`: the executable it
 * renames to the product's, the resources folder the app.asar goes into, and the licence file it
 * keeps. Nothing is downloaded when electronDist names a folder without Electron's zip in it.
 */
export function writePlaceholderElectronDist(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  writePlaceholderBinary(join(dir, 'electron'));
  writeFileSync(join(dir, 'LICENSE'), 'Placeholder for the Electron licence.\n');
  writeFileSync(join(dir, 'version'), `${version}\n`);
  return dir;
}
