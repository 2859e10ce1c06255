import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

// React Router's <Scripts />, asked for after the first paint. Its module preloads
// and its module script would start every JavaScript download while the page's text waits for its
// stylesheet; on Regular 3G they share 700 kbps with it. Here the preloads are left out and the
// module script is sent inert (an unknown type); a small inline script copies it into a live
// module script once the page has painted (the next frame, then a task), or at once in a hidden tab,
// which paints nothing. Without JavaScript nothing changes: the page never needed the scripts.

const INERT_TYPE = "text/x-module-after-paint";

const RELEASE = [
  "(function(){function release(){",
  `document.querySelectorAll('script[type="${INERT_TYPE}"]').forEach(function(inert){`,
  'var s=document.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;',
  "document.head.appendChild(s)})}",
  'if(document.visibilityState==="hidden")release();else requestAnimationFrame(function(){setTimeout(release)})})()',
].join("");

type ElementProps = { rel?: string; type?: string; nonce?: string; children?: ReactNode };

/** `node` without module preloads, its module scripts made inert. */
function withInertModules(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<ElementProps>(child)) return child;
    if (child.type === "link" && child.props.rel === "modulepreload") return null;
    const element = child as ReactElement<ElementProps>;
    if (child.type === "script" && child.props.type === "module") return cloneElement(element, { type: INERT_TYPE });
    return child.props.children === undefined
      ? child
      : cloneElement(element, undefined, withInertModules(child.props.children));
  });
}

/** The CSP nonce React Router gave its scripts (from the ServerRouter's `nonce`). */
function nonceOf(node: ReactNode): string | undefined {
  let nonce: string | undefined;
  Children.forEach(node, (child) => {
    if (nonce === undefined && isValidElement<ElementProps>(child))
      nonce = child.type === "script" ? child.props.nonce : nonceOf(child.props.children);
  });
  return nonce;
}

export function ScriptsAfterPaint() {
  // Called as a function, not rendered, to rewrite the elements it returns; it is called on every
  // render, so its hooks keep their order. Once hydrated it returns null, as <Scripts /> does.
  const scripts = Scripts({});
  if (scripts === null) return null;
  return (
    <>
      {withInertModules(scripts)}
      {/* The browser only runs it as the server sent it; hydration keeps that node as it is. */}
      <script
        nonce={nonceOf(scripts)}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RELEASE : "" }}
      />
    </>
  );
}
