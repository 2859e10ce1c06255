import { describe, expect, it } from "vitest";
import { readMultipartForm } from "~/http/multipart.server";
import { AppError } from "~/lib/app-error";

const limits = { maxFileSize: 1000, maxFiles: 2, fileTooLarge: "File too large", tooManyFiles: "Too many files" };

function formRequest(files: number[], text = "hello") {
  const form = new FormData();
  form.append("text", text);
  files.forEach((size, index) => form.append("media", new File([new Uint8Array(size)], `f${index}.jpg`, { type: "image/jpeg" })));
  return new Request("http://localhost/x", { method: "POST", body: form });
}

describe("readMultipartForm", () => {
  it("reads fields and files within the limits", async () => {
    const form = await readMultipartForm(formRequest([10, 1000]), limits);
    expect(form.get("text")).toBe("hello");
    const files = form.getAll("media") as File[];
    expect(files.map((file) => file.size)).toEqual([10, 1000]);
    expect(new Uint8Array(await files[1]!.arrayBuffer()).length).toBe(1000);
  });

  it("refuses a file one byte over the limit with 413 and the given message", async () => {
    await expect(readMultipartForm(formRequest([1001]), limits)).rejects.toEqual(new AppError(413, "File too large"));
  });

  it("refuses too many files", async () => {
    await expect(readMultipartForm(formRequest([1, 1, 1]), limits)).rejects.toEqual(new AppError(413, "Too many files"));
  });

  it("drops an empty file input", async () => {
    const form = new FormData();
    form.append("media", new File([], "", { type: "application/octet-stream" }));
    const parsed = await readMultipartForm(new Request("http://localhost/x", { method: "POST", body: form }), limits);
    expect(parsed.getAll("media")).toEqual([]);
  });
});
