import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every relative link of README.md and docs/**/*.md names a file or folder of the repository, and
// a link's #anchor names a heading of the file it points at (GitHub's slugs).

const root = path.resolve(import.meta.dirname, "..");
const markdownFiles = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file)),
];

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, "")
    .replace(/ /g, "-");
}

function headings(file: string): string[] {
  return [...fs.readFileSync(file, "utf8").matchAll(/^#+ (.*)$/gm)].map((match) => slug(match[1]!));
}

/** "file: link" for every relative link that leads nowhere. */
function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8").replace(/```[\s\S]*?```/g, "");
  const broken: string[] = [];
  for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(href!)) continue;
    const [target, anchor] = href!.split("#");
    const resolved = target ? path.resolve(root, path.dirname(file), target) : path.join(root, file);
    if (!fs.existsSync(resolved)) broken.push(`${file}: ${href}`);
    else if (anchor && fs.statSync(resolved).isFile() && !headings(resolved).includes(anchor))
      broken.push(`${file}: ${href} (no such heading)`);
  }
  return broken;
}

describe("links in README.md and docs/", () => {
  it("lead to files and headings that exist", () => {
    expect(markdownFiles.length).toBeGreaterThan(10);
    expect(markdownFiles.flatMap(brokenLinks)).toEqual([]);
  });
});
