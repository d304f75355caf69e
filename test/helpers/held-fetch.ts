/**
 * A fetch that holds requests back until the test releases them, one at a time, as a slow network
 * would. It ignores the caller's abort signal on purpose: an answer already on its way still arrives,
 * which is exactly the case a disposed scope must survive.
 */
export function heldFetch() {
  const held: Array<{ url: string; release: () => Promise<void> }> = [];
  let holding = false;
  const fetchFn: typeof fetch = async (input, init) => {
    const { signal: _ignored, ...rest } = init ?? {};
    const url = input instanceof Request ? input.url : String(input);
    if (!holding) return fetch(input, rest);
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    let go!: () => void;
    const gate = new Promise<void>((resolve) => (go = resolve));
    held.push({
      url,
      release: async () => {
        go();
        await done;
      },
    });
    await gate;
    try {
      return await fetch(input, rest);
    } finally {
      // The caller gets the response a tick later; give it time to act on it.
      setTimeout(answered, 20);
    }
  };
  return {
    fetch: fetchFn,
    held,
    /** From now on, requests wait until released; hold(false) lets new ones through. */
    hold(value: boolean) {
      holding = value;
    },
  };
}
