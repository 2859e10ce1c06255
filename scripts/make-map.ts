// `tsx scripts/make-map.ts [file]`: writes the offline map of Pakistan (scripts/lib/pakistan-map.ts)
// to the file, data/maps/pakistan.pmtiles by default: the archive MAP_TILES=self serves when no
// Protomaps extract was uploaded. The demo and the tests run it when the file is missing.
import fs from "node:fs";
import path from "node:path";
import { buildPakistanMap } from "./lib/pakistan-map.ts";

const target = path.resolve(process.argv[2] ?? "data/maps/pakistan.pmtiles");
const started = performance.now();
const archive = buildPakistanMap();
fs.mkdirSync(path.dirname(target), { recursive: true });
// Through a temporary name, so a server never reads half an archive.
fs.writeFileSync(`${target}.tmp`, archive);
fs.renameSync(`${target}.tmp`, target);
console.log(
  `Wrote ${path.relative(process.cwd(), target)}: ${(archive.byteLength / 1024).toFixed(0)} KiB in ${(
    (performance.now() - started) /
    1000
  ).toFixed(1)} s`,
);
