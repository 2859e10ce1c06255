// A minimal SMTP server for tests: it accepts every message and keeps it, so the app's real
// SMTP path (nodemailer) can be exercised without the network. Enough of RFC 5321 for one client.
import net from "node:net";

export type CaughtEmail = { from: string; to: string[]; data: string };

export async function startFakeSmtp(): Promise<{ url: string; messages: CaughtEmail[]; close: () => Promise<void> }> {
  const messages: CaughtEmail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let current: CaughtEmail = { from: "", to: [], data: "" };
    let readingData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (readingData) {
          if (line === ".") {
            readingData = false;
            messages.push(current);
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
