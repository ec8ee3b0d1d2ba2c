// Shared bench helper (not a benchmark): a minimal HTTP/1.1 keep-alive client for load generators that
// run on the same cores as the gateway they measure. One connection, one request at a time (a
// client loop's own socket); the request is written as one buffer and the answer read by its
// Content-Length. node:http cost the vendor bench 250-400 µs of CPU per call on a 2-core host, this
// about a third of it: the cores it no longer takes go to the gateway and PostgreSQL, as pgbench's
// C client leaves them to PostgreSQL. Anything it does not expect (chunked answers, a closed socket,
// a malformed head) fails the request instead of guessing.
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

/** Opens a connection to `base` (http://host:port); `post` resolves { status, text }. */
export function openKeepAlive(base) {
  const { hostname, port } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  socket.setNoDelay(true);
  const connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let pending; // { resolve, reject }
  let buffer = Buffer.alloc(0);
  let head; // { status, length, bodyStart }

  const fail = (err) => {
    const p = pending;
    pending = undefined;
    p?.reject(err);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('keep-alive client: connection closed')));
  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (!head) {
      const end = buffer.indexOf(HEAD_END);
      if (end < 0) return;
      const text = buffer.toString('latin1', 0, end);
      const status = Number(text.slice(9, 12));
      const match = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (!match || !(status >= 100)) {
        fail(new Error(`keep-alive client: unexpected answer head: ${text.slice(0, 200)}`));
        socket.destroy();
        return;
      }
      head = { status, length: Number(match[1]), bodyStart: end + HEAD_END.length };
    }
    if (buffer.length < head.bodyStart + head.length) return;
    const text = buffer.toString('utf8', head.bodyStart, head.bodyStart + head.length);
    const { status } = head;
    buffer = buffer.subarray(head.bodyStart + head.length);
    head = undefined;
    const p = pending;
    pending = undefined;
    p?.resolve({ status, text });
  });

  const hostHeader = `${hostname}:${port}`;
  return {
    /** POSTs `raw` (a string) with the given headers; one request at a time. */
    async post(path, headers, raw) {
      await connected;
      if (pending) throw new Error('keep-alive client: one request at a time');
      let request = `POST ${path} HTTP/1.1\r\nhost: ${hostHeader}\r\nconnection: keep-alive\r\ncontent-length: ${Buffer.byteLength(raw)}\r\n`;
      for (const [name, value] of Object.entries(headers)) request += `${name}: ${value}\r\n`;
      request += `\r\n${raw}`;
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(request);
      });
    },
    close() {
      socket.destroy();
    },
  };
}
