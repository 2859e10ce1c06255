// Writes the installable app's PNG icons (public/icons/) from public/icons/icon.svg:
// 192 and 512 pixels, and a 512-pixel maskable one whose sprout sits inside the middle 80%
// that every launcher's mask keeps. Run after changing the SVG: npx tsx scripts/make-icons.ts
import path from "node:path";
import sharp from "sharp";

const folder = path.resolve(import.meta.dirname, "..", "public", "icons");
const svg = path.join(folder, "icon.svg");
const GREEN = "#2a7e3b";

async function plain(size: number) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(folder, `icon-${size}.png`));
}

async function maskable(size: number) {
  const inner = Math.round(size * 0.7);
  const logo = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: GREEN } })
    .composite([{ input: logo, gravity: "center" }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(folder, `icon-maskable-${size}.png`));
}

await Promise.all([plain(192), plain(512), maskable(512)]);
console.log(`icons written to ${path.relative(process.cwd(), folder)}`);
