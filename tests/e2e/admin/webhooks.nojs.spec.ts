import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, signIn, test } from "../support/fixtures";

// /admin/webhooks without JavaScript (decision 50): a refused form keeps what was typed and says
// why; a webhook added shows its secret once, its deliveries' last status, and is deleted.

test.use({ javaScriptEnabled: false });

test("the admin adds a webhook, sees its secret once and its last delivery, and deletes it", async ({ page }) => {
  const bodies: Array<{ signature: string; body: string }> = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      bodies.push({
        signature: String(request.headers["fieldline-signature"]),
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await signIn(page, "admin");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    await page.getByLabel("URL").fill("ftp://example.com/drop");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Webhook URL must be an http:// or https:// address")).toBeVisible();
    await expect(page.getByText("Choose at least one event")).toBeVisible();
    await expect(page.getByLabel("URL")).toHaveValue("ftp://example.com/drop");

    await page.getByLabel("URL").fill("http://10.0.0.8/hook");
    await page.getByLabel("checkin.created").check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(
      page.getByText("Webhook URL must be a public internet address, not a local or private one"),
    ).toBeVisible();
    await expect(page.getByLabel("checkin.created")).toBeChecked();

    await page.getByLabel("URL").fill(url);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Webhook added.")).toBeVisible();
    const secret = await page.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    const card = page.getByTestId("webhook-card").filter({ hasText: url });
    await expect(card).toContainText("checkin.created");

    await page.goto("/admin/webhooks");
    await expect(page.getByLabel("Signing secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    const checkIn = await page.request.post("/api/checkins", {
      data: { lat: 31.52, lng: 74.35, address: "Webhook form stop" },
    });
    expect(checkIn.status()).toBe(201);
    const { id } = (await checkIn.json()) as { id: number };
    await expect.poll(() => bodies.some((hook) => JSON.parse(hook.body).id === id), { timeout: 15_000 }).toBe(true);
    const hook = bodies.find((entry) => JSON.parse(entry.body).id === id)!;
    const [t, v1] = hook.signature.split(",").map((part) => part.split("=")[1]);
    expect(v1).toBe(crypto.createHmac("sha256", secret).update(`${t}.${hook.body}`).digest("hex"));
    await expect
      .poll(
        async () => {
          await page.goto("/admin/webhooks");
          return card.getByTestId("last-delivery").textContent();
        },
        { timeout: 15_000 },
      )
      .toContain("Delivered");
    await expect(card.getByTestId("last-delivery")).toContainText("HTTP 200");

    await card.getByRole("button", { name: `Delete webhook ${url}` }).click();
    await expect(page.getByText("Webhook deleted")).toBeVisible();
    await expect(page.getByTestId("webhook-card").filter({ hasText: url })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("the page refuses an unknown intent and a webhook that is not there", async ({ page }) => {
  await signIn(page, "admin");
  const post = (form: Record<string, string>) => page.request.post("/admin/webhooks", { form, maxRedirects: 0 });
  const unknown = await post({ intent: "send-everything" });
  expect(unknown.status()).toBe(400);
  const missing = await post({ intent: "delete", id: "999999999" });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("Webhook not found.");
  expect((await post({ intent: "delete", id: "abc" })).status()).toBe(404);
});
