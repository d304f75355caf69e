/** The desk the bench's generated journal belongs to, and that opens it everywhere in the bench. */
export const BENCH_DESK = 'desk-00000000-0000-4000-8000-0000000bench';
