// A minimal SMTP server for tests: it accepts every message and keeps it, so the app's real
// SMTP path (nodemailer) can be exercised without the network. Enough of RFC 5321 for one client
// at a time, and of MIME to read back what nodemailer writes (one text part, 7bit, quoted-printable
// or base64). The e2e server delivers through it: tests read the mail a user received.
import net from "node:net";

/** The message's headers and text, decoded. */
export function decodeEmail(data) {
  const split = data.indexOf("\n\n");
  const head = (split < 0 ? data : data.slice(0, split)).replace(/\n[ \t]+/g, " ");
  const body = split < 0 ? "" : data.slice(split + 2);
  const headers = new Map();
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  }
  const subject = (headers.get("subject") ?? "").replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind, value) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(value, "base64").toString("utf8")
      : Buffer.from(
          value
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
  return { subject, text: text.replace(/\n$/, "") };
}

/** Starts the server on the loopback; `onMessage` is told of each message as it arrives. */
export async function startFakeSmtp({ onMessage } = {}) {
  const messages = [];
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let current = { from: "", to: [], data: "" };
    let readingData = false;
    const reply = (line) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (readingData) {
          if (line === ".") {
            readingData = false;
            messages.push(current);
            onMessage?.(current);
            current = { from: "", to: [], data: "" };
            reply("250 OK: queued");
          } else {
            current.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") current.from = line.slice(10).trim();
        if (verb === "RCPT") current.to.push(line.slice(8).trim());
        if (verb === "DATA") readingData = true;
        if (verb === "EHLO" || verb === "HELO") reply("250 fake-smtp");
        else if (verb === "DATA") reply("354 End data with <CR><LF>.<CR><LF>");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("250 OK");
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
