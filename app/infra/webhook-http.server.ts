import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Sends a webhook's POST (decision 50). A webhook URL is typed by an admin, but the server sends
// to it from inside the company's network: addresses that are not the internet's (loopback,
// private, link-local such as the cloud's metadata service) are refused unless their host is on
// the allow-list (WEBHOOK_PRIVATE_HOSTS), both when the URL is registered and at every send,
// after DNS (a name may resolve elsewhere by then).

const notTheInternet = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  notTheInternet.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  notTheInternet.addSubnet(network, prefix, "ipv6");

const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

export const PRIVATE_ADDRESS = "Webhook URL must be a public internet address, not a local or private one";

/** The hostname of a URL without IPv6 brackets. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
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

export type WebhookSend = { url: string; body: string; headers: Record<string, string>; timeoutMs: number };
export type WebhookAnswer = { status: number } | { error: string };

/** POSTs the body; answers the receiver's status, or why it could not be reached. Never throws. */
export function postWebhook(send: WebhookSend, allowed: readonly string[]): Promise<WebhookAnswer> {
  const url = new URL(send.url);
  if (isPrivateHost(url, allowed) && isIP(bareHost(url.hostname))) return Promise.resolve({ error: PRIVATE_ADDRESS });
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...send.headers, "Content-Length": Buffer.byteLength(send.body) },
        lookup: guardedLookup(allowed),
        timeout: send.timeoutMs,
      },
      (response) => {
        // What the receiver says is not kept: only its status.
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", (error) => resolve({ error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`No answer within ${send.timeoutMs} ms`)));
    request.on("error", (error) => resolve({ error: error.message }));
    request.end(send.body);
  });
}
