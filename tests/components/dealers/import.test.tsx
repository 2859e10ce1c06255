import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { expectNotice, renderApp } from "../support/app";
import { choose, dealerServer, directory, importCalls, importPage, ONE_IMPORTED } from "./support";

// Importing dealers on a flaky network (issue 15): the import page (a form post) and the
// directory's import dialog (its upload, then its import, the app's own requests) each meet every
// fault; the chosen file stays, the failure is said, and one more tap goes on, once.

afterEach(() => {
  sessionStorage.clear();
});

const workbook = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], "dealers.xlsx", {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });

const RESULT = "/dealers/import?result=5";

test.each(FAULTS)(
  "import page, %s: the chosen file stays and it says so; one more tap imports it once",
  async (fault) => {
    const sent: FormData[] = [];
    const server = dealerServer({
      "routes/dealers/import": async (request) => {
        if (request.method === "GET")
          return importPage(new URL(request.url).searchParams.has("result") ? ONE_IMPORTED : null);
        sent.push(await request.formData());
        return server.redirectWithNotice(`${RESULT}#import-results`, "Import Successful");
      },
    });
    let app = await renderApp("/dealers/import", server);
    await screen.findByRole("heading", { name: "Import Dealers" });
    const input = () => screen.getByLabelText("Spreadsheet") as HTMLInputElement;
    choose(input(), workbook());
    const send = async () => app.user.click(await screen.findByRole("button", { name: "Import Dealers" }));
    server.failNext(fault, "POST /dealers/import");
    await send();

    if (fault === "session expired") {
      await expectNotice("You are logged out. Logging in again...");
      await waitFor(() =>
        expect(app.address()).toBe(`/login?${new URLSearchParams({ redirectTo: "/dealers/import" })}`),
      );
      expect(server.count("POST /dealers/import")).toBe(0);
      server.signIn();
      app.unmount();
      app = await renderApp("/dealers/import", server);
      // A file is never kept through sign-in: chosen again.
      await screen.findByRole("heading", { name: "Import Dealers" });
      choose(input(), workbook());
    } else {
      if (fault === "no answer in time") await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
      await expectNotice("Import Failed", "Failed to import dealers");
      expect(app.address()).toBe("/dealers/import");
      expect(screen.getByRole("heading", { name: "Import Dealers" })).toBeInTheDocument();
      expect([...(input().files ?? [])].map((file) => file.name)).toEqual(["dealers.xlsx"]);
      expect(server.count("POST /dealers/import")).toBe(fault === "no answer in time" ? 1 : 0);
    }

    await send();
    await waitFor(() => expect(app.address()).toBe(RESULT));
    // When the first answer never came, the first import happened: the second is the same file
    // (the server finds its rows already there).
    expect(await screen.findByTestId("import-total")).toHaveTextContent("1");
    expect(server.count("POST /dealers/import")).toBe(fault === "no answer in time" ? 2 : 1);
    expect((sent.at(-1)?.get("file") as File | null)?.name).toBe("dealers.xlsx");
  },
);

/** The directory with its Import tapped: the dialog, once its code has come. */
async function openImportDialog() {
  const server = dealerServer({ "routes/dealers/directory": directory });
  const app = await renderApp("/dealers", server);
  await app.user.click(await screen.findByRole("link", { name: "Import" }));
  const dialog = await screen.findByRole("dialog", { name: "Import Dealers" });
  return { app, dialog };
}

for (const [step, path] of [
  ["upload", "/api/upload"],
  ["import", "/api/dealers/import"],
] as const) {
  test.each(FAULTS)(
    `import dialog, the ${step} step, %s: the dialog stays with the file and says so; one more tap goes on`,
    async (fault) => {
      const calls = importCalls(fault, path);
      const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
      const { app, dialog } = await openImportDialog();
      const input = within(dialog).getByLabelText("Spreadsheet") as HTMLInputElement;
      choose(input, workbook());
      const upload = async () => app.user.click(await within(dialog).findByRole("button", { name: "Upload" }));
      const importIt = async () =>
        app.user.click(await within(dialog).findByRole("button", { name: "Import Dealers" }));
      if (step === "import") {
        await upload();
        await expectNotice("Upload Successful", "1 file(s) uploaded successfully!");
      }
      await (step === "upload" ? upload() : importIt());
      if (fault === "no answer in time") await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);

      if (fault === "session expired") {
        // To sign in, and back to the directory (the file is chosen again there).
        await waitFor(() =>
          expect(assign).toHaveBeenCalledWith(`/login?${new URLSearchParams({ redirectTo: "/dealers" })}`),
        );
        // It did not get there (401): the upload that went before did.
        expect(calls).toEqual({ uploads: step === "import" ? 1 : 0, imports: 0 });
        return;
      }
      const alert = await within(dialog).findByRole("alert");
      expect(alert).toHaveTextContent(step === "upload" ? "Upload Failed" : "Import Failed");
      if (step === "import") expect(alert).toHaveTextContent("Failed to import dealers");
      if (step === "upload") expect([...(input.files ?? [])].map((file) => file.name)).toEqual(["dealers.xlsx"]);
      // Only a request that got there reached the server.
      const reached = fault === "no answer in time" ? 1 : 0;
      expect(calls).toEqual(step === "upload" ? { uploads: reached, imports: 0 } : { uploads: 1, imports: reached });

      await (step === "upload" ? upload() : importIt());
      if (step === "upload") await importIt();
      // When the first answer never came, the import did happen: the retry answers its result.
      expect(await within(dialog).findByTestId("import-total")).toHaveTextContent("1");
      expect(within(dialog).getByTestId("import-successful")).toHaveTextContent("1");
      expect(calls).toEqual(
        step === "upload" ? { uploads: reached + 1, imports: 1 } : { uploads: 1, imports: reached + 1 },
      );
      expect(assign).not.toHaveBeenCalled();
    },
  );
}
