import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DRIPS, drippingAnswer } from "../../tests/support/dripping-answer";
import { isPrivateHost, postWebhook, PRIVATE_ADDRESS } from "~/infra/webhook-http.server";

// The webhook sender against fake receivers on the loopback (allowed here as WEBHOOK_PRIVATE_HOSTS
// allows 127.0.0.1 in the server's tests), and its address check on every spelling of an address
// that is not the internet's.

describe("isPrivateHost", () => {
  const refused = [
    // Spellings an outside review found accepted: IPv4-compatible, IPv4-translated, a trailing dot.
    "http://[::7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://localhost./",
    "http://LOCALHOST../hook",
    "http://api.localhost./hook",
    "http://printer.local./",
    // IPv4 as the URL parser reads it: dotted, trailing dot, hex, octal, one number.
    "http://127.0.0.1/",
    "http://127.0.0.1./",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://2130706433/",
    "http://0.0.0.0/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    // Plain IPv6: unspecified, loopback, link-local, unique local, site-local, multicast.
    "http://[::]/",
    "http://[::1]/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    // IPv4 inside IPv6: mapped, compatible, translated, NAT64 (well-known and local-use), 6to4, Teredo.
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:169.254.169.254]/",
    "http://[::10.0.0.1]/",
    "http://[::169.254.169.254]/",
    "http://[::ffff:0:10.0.0.1]/",
    "http://[::ffff:0:169.254.169.254]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[64:ff9b:1::a00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  ];
  it.each(refused)("refuses %s", (url) => {
    expect(isPrivateHost(new URL(url), [])).toBe(true);
  });

  it.each(["https://example.com/hook", "http://8.8.8.8/", "http://[2606:4700:4700::1111]/", "https://example.com./x"])(
    "accepts the internet's %s",
    (url) => {
      expect(isPrivateHost(new URL(url), [])).toBe(false);
    },
  );

  it("accepts a host on the allow-list, with or without its trailing dot", () => {
    expect(isPrivateHost(new URL("http://127.0.0.1:9/"), ["127.0.0.1"])).toBe(false);
    expect(isPrivateHost(new URL("http://hooks.internal./"), ["hooks.internal"])).toBe(false);
  });
});

/** A receiver on 127.0.0.1 that answers each request with `answer` and reports its sockets' fate. */
async function fakeReceiver(answer: (response: http.ServerResponse, socket: Socket) => void) {
  const closed: Array<{ bytesWritten: number }> = [];
  const sockets = new Set<Socket>();
  let onClose = () => {};
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => answer(response, request.socket));
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => {
      closed.push({ bytesWritten: socket.bytesWritten });
      onClose();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    closed,
    /** Resolves once the receiver saw `count` connections close. */
    closedCount: (count: number) =>
      new Promise<void>((resolve) => {
        onClose = () => closed.length >= count && resolve();
        onClose();
      }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let receiver: Awaited<ReturnType<typeof fakeReceiver>> | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const send = (url: string, timeoutMs = 10_000) => ({
  url,
  body: JSON.stringify({ event: "checkin.created" }),
  headers: { "Content-Type": "application/json" },
  timeoutMs,
});

describe("postWebhook", () => {
  it("does not connect to a loopback address spelled in IPv6", async () => {
    for (const host of ["[::7f00:1]", "[::127.0.0.1]", "[::ffff:0:127.0.0.1]", "[::1]"]) {
      expect(await postWebhook(send(`http://${host}:9/hook`), []), host).toEqual({ error: PRIVATE_ADDRESS });
    }
  });

  it("gives up at the deadline on a receiver that drips its answer a byte at a time, and closes its socket", async () => {
    const dripping = drippingAnswer();
    receiver = await fakeReceiver(dripping.answer);
    const answer = await postWebhook(send(receiver.url, 300), ["127.0.0.1"]);
    expect(answer).toEqual({ error: "No answer within 300 ms" });
    await receiver.closedCount(1);
    expect(dripping.drips(), "the receiver was cut off before it finished").toBeLessThan(DRIPS);
  });

  it("reads at most 64 KiB of a receiver's answer and closes the connection on the rest", async () => {
    const total = 10 * 1024 * 1024;
    let sent = 0;
    let completed = false;
    receiver = await fakeReceiver((response) => {
      response.on("finish", () => (completed = true));
      response.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": total });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (sent < total && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        if (sent >= total) response.end();
      };
      pump();
    });
    expect(await postWebhook(send(receiver.url), ["127.0.0.1"])).toEqual({ status: 200 });
    await receiver.closedCount(1);
    const [socket] = receiver.closed;
    console.log(`receiver wrote ${socket!.bytesWritten} bytes of ${total} before its socket closed`);
    expect(completed, "the receiver could not send it all").toBe(false);
    // What the receiver wrote before the close is what the kernel's buffers took (about 4 MB here).
    expect(socket!.bytesWritten).toBeLessThan(total);
  });
});
