import { connect, createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port that refuses connections, for tests of a service that is down. Port 2 lies below the
 * range the system hands out for "any free port", so no server of another test running beside this one
 * can take it between choosing it and connecting. A port bound and then released could, and did on CI:
 * the "refused" request reached another test's server and got an answer. (Port 1 would do too, but
 * fetch refuses it before connecting: it is on the Fetch standard's list of blocked ports.)
 */
const REFUSING = 2;

let checked: Promise<number> | undefined;

/** The port, once it has been seen to refuse a connection (a clear failure if something listens there). */
export function refusedPort(): Promise<number> {
  checked ??= new Promise((resolve, reject) => {
    const socket = connect(REFUSING, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      reject(
        new Error(
          `Something listens on 127.0.0.1:${REFUSING}; the tests of a service that is down need it closed.`,
        ),
      );
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(REFUSING) : reject(error),
    );
  });
  return checked;
}

/**
 * A loopback port that was free a moment ago, for a server the app starts on a port it is given (the
 * webhook receiver). Another test may take it in between; the app then refuses to start with "port in
 * use", so the test fails loudly rather than passing on someone else's server.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
