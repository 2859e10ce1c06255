import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * Rewrites the document's head so that React Router's module preloads ask for low priority.
 * Every page is whole without its scripts, so on a slow network the stylesheet, the page and
 * its images should get the bandwidth first; the scripts only enhance it. Past `</head>` the
 * stream passes through untouched. Bytes are read as latin1 (one character each, so a chunk
 * cut inside a UTF-8 character goes back out as it came); the markup looked for is ASCII.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = "";
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!inHead) return done(null, chunk);
      let text = pending + chunk.toString("latin1");
      pending = "";
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        return done(null, Buffer.from(rewrite(text.slice(0, headEnd)) + text.slice(headEnd), "latin1"));
      }
      // A tag cut off at the end of the chunk waits for the rest of it.
      const lastTag = text.lastIndexOf("<");
      const tail = text.slice(lastTag);
      if (lastTag !== -1 && [PRELOAD, HEAD_END].some((tag) => tail.length < tag.length && tag.startsWith(tail))) {
        pending = tail;
        text = text.slice(0, lastTag);
      }
      done(null, Buffer.from(rewrite(text), "latin1"));
    },
    flush(done) {
      done(null, Buffer.from(rewrite(pending), "latin1"));
    },
  });
}

function rewrite(head: string): string {
  return head.replaceAll(PRELOAD, LOW_PRELOAD);
}
