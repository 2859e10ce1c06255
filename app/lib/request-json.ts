/** A same-origin JSON call from the browser; rejects with the status and body when it fails. */
export async function requestJson<T>(url: string, method = "GET"): Promise<T> {
  const response = await fetch(url, { method, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as T;
}
