// How long this machine takes to give a program a page of memory it touches for the first time
// (the kernel's page fault). A browser starting a page touches tens of megabytes afresh, so where
// this is slow (seen here: about 12 µs a page in a virtual machine, against well under 1 µs on most
// machines) a page load spends much of its main thread in the kernel. Lighthouse's benchmarkIndex,
// a loop over a small array, does not see it, and its CPU multiplier then multiplies it with the
// rest: Lighthouse figures of two machines compare only where this figure does too.
import { median } from "./bench-calibration.mjs";

const PAGE_BYTES = 4096;

/** One reading: µs per page, first touch of `megabytes` fresh memory, then a second touch of it. */
function touchOnce(megabytes) {
  const size = megabytes * 1024 * 1024;
  const memory = Buffer.allocUnsafeSlow(size);
  const pass = (value) => {
    const started = process.hrtime.bigint();
    for (let offset = 0; offset < size; offset += PAGE_BYTES) memory[offset] = value;
    return Number(process.hrtime.bigint() - started) / 1000 / (size / PAGE_BYTES);
  };
  return { firstMicroseconds: pass(1), againMicroseconds: pass(2) };
}

/** The median of `readings` readings: `{ firstMicroseconds, againMicroseconds }` per 4 KiB page. */
export function memoryTouchCost({ megabytes = 256, readings = 3 } = {}) {
  const taken = Array.from({ length: readings }, () => touchOnce(megabytes));
  return {
    firstMicroseconds: median(taken.map((reading) => reading.firstMicroseconds)),
    againMicroseconds: median(taken.map((reading) => reading.againMicroseconds)),
  };
}

/** The figure in words, for a log beside timings. */
export function memoryTouchText({ firstMicroseconds, againMicroseconds }) {
  return `${firstMicroseconds.toFixed(1)} µs to touch a 4 KiB page the first time, ${againMicroseconds.toFixed(2)} µs after`;
}
