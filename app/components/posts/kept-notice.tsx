import type { ReactNode } from "react";

/** New Post's page once the post waits on the phone (offline, or its request failed on the way, unanswered); `children` offers another. */
export function KeptNotice({ children, files = 0 }: { children: ReactNode; files?: number }) {
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold">New Post</h1>
      <div role="status" className="card space-y-3">
        <p className="font-semibold">Saved on this phone, waiting to send</p>
        <p className="text-sm text-gray-11">
          The connection failed. The post is sent by itself when it returns; until then it is listed under “Waiting to
          send”.
        </p>
        {files > 0 ? (
          <p className="text-sm">
            {files === 1
              ? "Its photo waits with it: the post is not sent without it."
              : `Its ${files} photos and videos wait with it: the post is not sent without them.`}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
