// One photo or video to the server, the way a post's media travel: a signed URL from
// POST /api/objects/upload, then one PUT of the bytes to it. The post then names the URL.
// Used by the upload widget at once and by the send queue for photos kept while offline.

/**
 * An upload that did not go. `later`: no connection or the server was busy, so it may go later;
 * `offline`: the request got no answer at all.
 */
export class UploadFailed extends Error {
  constructor(
    message: string,
    readonly later: boolean,
    readonly offline = false,
  ) {
    super(message);
  }
}

/** 401, 408, 429 and 5xx mean "try later" (as for the send queue's posts); other refusals are final. */
const isLater = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

function refusal(status: number, body: string, fallback: string): UploadFailed {
  let message = fallback;
  try {
    const answer = JSON.parse(body) as { error?: string };
    if (answer.error) message = answer.error;
  } catch {
    // keep the generic message
  }
  return new UploadFailed(message, isLater(status));
}

/** POST /api/objects/upload for a signed URL to PUT `name` to. */
export async function uploadTarget(name: string): Promise<string> {
  let grant: Response;
  try {
    grant = await fetch("/api/objects/upload", { method: "POST", headers: { Accept: "application/json" } });
  } catch {
    throw new UploadFailed(`No connection: ${name} waits on this phone`, true, true);
  }
  if (!grant.ok) throw refusal(grant.status, await grant.text().catch(() => ""), `Failed to upload ${name}`);
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  // Same origin as the page, whatever APP_URL says, so the CSP's connect-src 'self' holds.
  const parsed = new URL(uploadURL, window.location.href);
  return `${parsed.pathname}${parsed.search}`;
}

/** PUTs `file` to its signed URL with progress; answers the URL the post names it by. */
export async function uploadFile(
  file: Blob,
  name: string,
  target: string,
  onProgress: (percent: number) => void = () => {},
): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", target);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      reject(refusal(xhr.status, xhr.responseText, `Failed to upload ${name}`));
    };
    xhr.onerror = () => reject(new UploadFailed(`No connection: ${name} waits on this phone`, true, true));
    xhr.send(file);
  });
  return target;
}
