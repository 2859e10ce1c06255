import type { ReactNode } from "react";

/** New Post's page once the post waits on the phone (offline, or its request failed on the way, unanswered); `children` offers another. */
export function KeptNotice({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold">New Post</h1>
      <div role="status" className="card space-y-3">
        <p className="font-semibold">Saved on this phone, waiting to send</p>
        <p className="text-sm text-gray-11">
          The connection failed. The post is sent by itself when it returns; until then it is listed under “Waiting to
          send”.
        </p>
        {children}
      </div>
    </div>
  );
}
