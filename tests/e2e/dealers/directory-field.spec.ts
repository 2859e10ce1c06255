import { expect, signIn, test, uniqueName } from "../support/fixtures";

// The directory is used at a dealer's counter with one hand: compact rows (5 or more per
// 360×740 screen), names on two lines rather than cut, and Create Meeting, Directions and
// View Details on every row. JavaScript on and off.

test(
  "the directory shows at least 5 dealers per screen, with long names on two lines",
  { tag: "@browser" },
  async ({ page }) => {
    await signIn(page, "officer3");
    const longName = uniqueName("Chaudhry Brothers Fertilizer and Pesticide Traders of Sheikhupura Road");
    const created = await page.request.post("/api/dealers", {
      data: {
        businessName: longName,
        ownerFirstName: "Nadeem",
        phone: "+92 321 5550001",
        street: "Shop 9, Anaj Mandi",
        city: "Sialkot",
        state: "Punjab",
        lat: "32.4945",
        lng: "74.5229",
      },
    });
    expect(created.status()).toBe(201);

    await page.goto("/dealers");
    const cards = page.getByTestId("dealer-card");
    await expect(cards).toHaveCount(20);
    // Five rows, from the top of the first to the top of the sixth, fit in one 740 px screen.
    const first = await cards.nth(0).boundingBox();
    const sixth = await cards.nth(5).boundingBox();
    expect((sixth?.y ?? Infinity) - (first?.y ?? 0)).toBeLessThanOrEqual(740);

    await page.goto(`/dealers?query=${encodeURIComponent(longName)}`);
    const heading = page.getByTestId("dealer-card").getByRole("heading", { name: longName });
    await expect(heading).toBeVisible();
    const lineHeight = await heading.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    const box = await heading.boundingBox();
    expect(Math.round((box?.height ?? 0) / lineHeight)).toBe(2);
  },
);

test(
  "every row shows its city in full beside the masked phone; the owner's name gives way first",
  { tag: "@js" },
  async ({ page }) => {
    await signIn(page, "officer3");
    // Two and a half pages, so that many cities are measured.
    await page.goto("/dealers?limit=50");
    const cards = page.getByTestId("dealer-card");
    await expect(cards).toHaveCount(50);
    const cut = await cards.evaluateAll((items) =>
      items.flatMap((item) => {
        const line = item.querySelector("[data-testid=dealer-place]");
        const city = line?.querySelector("[data-testid=dealer-city]");
        if (!line || !city) return [`${item.querySelector("h2")?.textContent}: no city`];
        // The city's text ends inside the line's box: it is not under the ellipsis.
        return city.getBoundingClientRect().right <= line.getBoundingClientRect().right + 0.5
          ? []
          : [`${city.textContent} (${item.querySelector("h2")?.textContent})`];
      }),
    );
    expect(cut).toEqual([]);
  },
);

test(
  "every row leads to Create Meeting, Directions and the dealer's details",
  { tag: "@js" },
  async ({ page }, testInfo) => {
    await signIn(page, "officer3");
    await page.goto("/dealers");
    const card = page.getByTestId("dealer-card").first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await expect(card.getByRole("link", { name: "Create Meeting" })).toHaveAttribute(
      "href",
      /\/new-post\?dealer=\d+&type=DEALER_MEETING$/,
    );
    const directions = card.getByRole("link", { name: `Directions to ${name}` });
    await expect(directions).toHaveAttribute(
      "href",
      /^geo:-?\d+(\.\d+)?,-?\d+(\.\d+)?\?q=-?\d+(\.\d+)?,-?\d+(\.\d+)?\(.+\)$/,
    );

    if (testInfo.project.use.javaScriptEnabled !== false) {
      // Where no app takes geo: (this desktop browser), Directions opens the maps site instead.
      await page
        .context()
        .route("https://www.google.com/maps/**", (route) =>
          route.fulfill({ contentType: "text/html", body: "<title>Maps</title>" }),
        );
      const popup = page.waitForEvent("popup");
      await directions.click();
      expect((await popup).url()).toMatch(
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
      );
    }

    await card.getByRole("link", { name: `View Details of ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Dealer Details" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Directions to ${name}` })).toHaveAttribute("href", /^geo:/);
  },
);
