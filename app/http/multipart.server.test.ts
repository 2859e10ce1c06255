import { describe, expect, it } from "vitest";
import { readMultipartForm, TEXT_FIELD_MAX_BYTES, TEXT_FIELDS_MAX_BYTES } from "~/http/multipart.server";
import { BODY_TOO_LARGE } from "~/http/request-body.server";
import { AppError } from "~/lib/app-error";

const limits = { maxFileSize: 1000, maxFiles: 2, fileTooLarge: "File too large", tooManyFiles: "Too many files" };

function formRequest(files: number[], text = "hello") {
  const form = new FormData();
  form.append("text", text);
  files.forEach((size, index) =>
    form.append("media", new File([new Uint8Array(size)], `f${index}.jpg`, { type: "image/jpeg" })),
  );
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
    await expect(readMultipartForm(formRequest([1, 1, 1]), limits)).rejects.toEqual(
      new AppError(413, "Too many files"),
    );
  });

  it("drops an empty file input", async () => {
    const form = new FormData();
    form.append("media", new File([], "", { type: "application/octet-stream" }));
    const parsed = await readMultipartForm(new Request("http://localhost/x", { method: "POST", body: form }), limits);
    expect(parsed.getAll("media")).toEqual([]);
  });
});

/** A multipart body sent in 64 KB chunks, counting how many the reader pulled. */
function streamedForm(parts: Array<{ name: string; text?: string; fileBytes?: number }>) {
  const boundary = "----fieldline-test";
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    const disposition =
      part.fileBytes === undefined
        ? `name="${part.name}"`
        : `name="${part.name}"; filename="a.jpg"\r\nContent-Type: image/jpeg`;
    pieces.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`));
    pieces.push(part.fileBytes === undefined ? encoder.encode(part.text ?? "") : new Uint8Array(part.fileBytes));
    pieces.push(encoder.encode("\r\n"));
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const whole = Buffer.concat(pieces);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < whole.length; at += 65_536) chunks.push(whole.subarray(at, at + 65_536));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[pulled++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const request = new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return { request, chunks: chunks.length, pulled: () => pulled };
}

describe("readMultipartForm's text fields", () => {
  const uploadLimits = { ...limits, maxFileSize: 10_000_000, maxFiles: 10 };

  it("refuses a text field over its limit with 413 before the rest of the body is read", async () => {
    const sent = streamedForm([
      { name: "content", text: "x".repeat(TEXT_FIELD_MAX_BYTES + 1) },
      ...Array.from({ length: 9 }, () => ({ name: "files", fileBytes: 9_000_000 })),
    ]);
    await expect(readMultipartForm(sent.request, uploadLimits)).rejects.toEqual(new AppError(413, BODY_TOO_LARGE));
    expect(sent.pulled()).toBeLessThan(sent.chunks / 10);
  });

  it("refuses text fields that add up to more than the request's text limit", async () => {
    const count = Math.ceil(TEXT_FIELDS_MAX_BYTES / TEXT_FIELD_MAX_BYTES) + 1;
    const sent = streamedForm(
      Array.from({ length: count }, (_, index) => ({ name: `f${index}`, text: "x".repeat(TEXT_FIELD_MAX_BYTES) })),
    );
    await expect(readMultipartForm(sent.request, uploadLimits)).rejects.toEqual(new AppError(413, BODY_TOO_LARGE));
  });

  it("takes text fields within the limits beside files", async () => {
    const sent = streamedForm([
      { name: "content", text: "ب".repeat(1000) },
      { name: "files", fileBytes: 1000 },
    ]);
    const form = await readMultipartForm(sent.request, uploadLimits);
    expect(form.get("content")).toBe("ب".repeat(1000));
    expect((form.get("files") as File).size).toBe(1000);
  });
});
