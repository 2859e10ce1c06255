// Preloaded into a server under test (NODE_OPTIONS="--import <this file>", SHIFTED_CLOCK_AT=<ISO
// instant>): its clock starts at that instant and runs on from there, so a test chooses the day the
// server calls today, as the unit tests do with Vitest's fake timers. Only `Date` moves: timers
// and the event loop keep real time.
const at = Date.parse(process.env.SHIFTED_CLOCK_AT ?? "");
if (Number.isNaN(at)) throw new Error(`SHIFTED_CLOCK_AT must be an ISO instant, not "${process.env.SHIFTED_CLOCK_AT}"`);

const RealDate = Date;
const shiftMs = at - RealDate.now();

/** `new Date()` and `Date.now()` read the shifted clock; a date of a given time is as ever. */
function ShiftedDate(...args) {
  const date = args.length === 0 ? new RealDate(RealDate.now() + shiftMs) : new RealDate(...args);
  return new.target ? date : date.toString();
}
// The same prototype: every date, made before or after, is `instanceof Date`.
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = () => RealDate.now() + shiftMs;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;
