/**
 * The response with a body that calls `done` once the caller has read it to the end or given it up,
 * and has then run everything that follows in the same turn (the caller's parsing and checks are
 * promise continuations, all run before the next setImmediate).
 */
function handedOver(response: Response, done: () => void): Response {
  if (!response.body) {
    setImmediate(done);
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done: ended, value } = await reader.read();
      if (!ended) return controller.enqueue(value);
      controller.close();
      setImmediate(done);
    },
    cancel(reason) {
      setImmediate(done);
      return reader.cancel(reason);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

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
      /** Lets the request go; resolves once the caller has read the answer and acted on it. */
      release: async () => {
        go();
        await done;
      },
    });
    await gate;
    let response: Response;
    try {
      response = await fetch(input, rest);
    } catch (error) {
      answered();
      throw error;
    }
    return handedOver(response, answered);
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
