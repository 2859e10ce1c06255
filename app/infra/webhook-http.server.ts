import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Sends a webhook's POST (decision 50). A webhook URL is typed by an admin, but the server sends
// to it from inside the company's network: addresses that are not the internet's (loopback,
// private, link-local such as the cloud's metadata service) are refused unless their host is on
// the allow-list (WEBHOOK_PRIVATE_HOSTS), both when the URL is registered and at every send,
// after DNS (a name may resolve elsewhere by then).

// One list, Node's own BlockList: it matches an IPv4 rule against the address's IPv4-mapped
// spelling too (::ffff:127.0.0.1, ::ffff:7f00:1), so mapped addresses need no rule of their own (a
// rule on ::ffff:0:0/96 would match every IPv4 address). The other ways to write IPv4 inside IPv6
// are refused whole: IPv4-compatible (::/96, deprecated; holds :: and ::1), IPv4-translated
// (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 and Teredo.
const notTheInternet = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", and 0.0.0.0 reaches the local machine
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the cloud's metadata service
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3], // multicast, reserved and broadcast
] as const)
  notTheInternet.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["::ffff:0:0:0", 96], // IPv4-translated
  ["64:ff9b::", 96], // NAT64, well-known prefix
  ["64:ff9b:1::", 48], // NAT64, local use
  ["100::", 64], // discard-only
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  notTheInternet.addSubnet(network, prefix, "ipv6");

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

export const PRIVATE_ADDRESS = "Webhook URL must be a public internet address, not a local or private one";

/**
 * The host as it is compared: without IPv6 brackets, lower case, and without the trailing dots of
 * a fully qualified name ("localhost." is localhost). The URL parser has already written an IP
 * address in its one canonical form (0x7f.1 and 2130706433 are 127.0.0.1; [::127.0.0.1] is [::7f00:1]).
 */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase();
}

function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || notTheInternet.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The URL's host is a local name or an address that is not the internet's (before any DNS). */
export function isPrivateHost(url: URL, allowed: readonly string[]): boolean {
  const host = bareHost(url.hostname);
  if (allowed.includes(host)) return false;
  if (isIP(host)) return isPrivateAddress(host);
  return LOCAL_NAME.test(host) || !host.includes(".");
}

/** dns.lookup that refuses an answer outside the internet (unless the host is allowed). */
function guardedLookup(allowed: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const usable = allowed.includes(bareHost(hostname))
        ? addresses
        : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) return callback(new Error(PRIVATE_ADDRESS), "", 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

export type WebhookSend = {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The whole delivery's deadline: connecting, sending and reading the answer, not an idle timer. */
  timeoutMs: number;
};
export type WebhookAnswer = { status: number } | { error: string };

/** How much of a receiver's answer is read (and dropped) before the connection is closed on the rest. */
const ANSWER_READ_MAX_BYTES = 64 * 1024;

/** POSTs the body; answers the receiver's status, or why it could not be reached. Never throws. */
export function postWebhook(send: WebhookSend, allowed: readonly string[]): Promise<WebhookAnswer> {
  const url = new URL(send.url);
  if (isPrivateHost(url, allowed) && isIP(bareHost(url.hostname))) return Promise.resolve({ error: PRIVATE_ADDRESS });
  const client = url.protocol === "https:" ? https : http;
  // A receiver that drips its answer a byte at a time is cut off at the deadline all the same.
  const deadline = AbortSignal.timeout(send.timeoutMs);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const failed = (error: Error) =>
      settle({ error: deadline.aborted ? `No answer within ${send.timeoutMs} ms` : error.message });
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...send.headers, "Content-Length": Buffer.byteLength(send.body) },
        lookup: guardedLookup(allowed),
        // A fresh connection, closed after the answer: one never outlives its delivery's deadline.
        agent: false,
        signal: deadline,
      },
      (response) => {
        // What the receiver says is not kept: only its status. Its body is read up to a limit and
        // dropped; past the limit the connection is closed rather than read to the end.
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read <= ANSWER_READ_MAX_BYTES) return;
          settle({ status });
          request.destroy();
        });
        response.on("end", () => settle({ status }));
        response.on("error", failed);
      },
    );
    request.on("error", failed);
    request.end(send.body);
  });
}
