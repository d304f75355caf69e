import fc from 'fast-check';

// Property tests draw from one fixed seed, so a red CI run replays exactly as it ran. The nightly
// workflow (.github/workflows/nightly.yml) sets FC_SEED to a random seed and prints it; a test that
// passes its own seed to fc.assert keeps it.
const seed = Number(process.env.FC_SEED ?? 20_261_126);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer (got ${process.env.FC_SEED})`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
