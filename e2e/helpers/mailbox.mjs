// A tiny SMTP listener on loopback that keeps every message, so tests can read the mails the
// server sends (password reset). Plain SMTP without TLS or AUTH, which is all the server needs.
import { createServer } from 'node:net';

/** Undoes quoted-printable soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startMailbox() {
  const messages = [];
  const waiters = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 localhost ESMTP test mailbox\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            waiters.splice(0).forEach((w) => w());
            socket.write('250 OK\r\n');
          } else {
            data += (line.startsWith('..') ? line.slice(1) : line) + '\r\n';
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'DATA') {
          inData = true;
          data = '';
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else socket.write('250 OK\r\n'); // MAIL, RCPT, RSET, NOOP
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));

  return {
    port: server.address().port,
    messages,
    /** Waits for a message whose decoded text matches the pattern; returns the decoded text. */
    async waitFor(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.map(decodeQuotedPrintable).find((m) => pattern.test(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail matching ${pattern}; got ${messages.length} message(s)`);
        await new Promise((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}
