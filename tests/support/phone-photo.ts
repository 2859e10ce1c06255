import { randomBytes } from "node:crypto";
import sharp from "sharp";

// A photo like a phone camera's: 12 megapixels (4000×3000), JPEG at quality 90, about 3 MB:
// shapes, texture and the sensor's grain, each scale adding detail to the one before, mostly in
// brightness with a tint, as in a photo of a field or a shop (not a confetti of colours).

const WIDTH = 4000;
const HEIGHT = 3000;
/** How much of each scale's change is colour rather than brightness. */
const TINT = 0.3;

type Size = [width: number, height: number];

/** Adds random changes within ±amplitude/2 to every pixel: brightness, and a red-blue tint. */
function roughen(pixels: Buffer, amplitude: number): Buffer {
  const noise = randomBytes(pixels.length);
  const spread = (byte: number) => ((byte - 127.5) / 255) * amplitude;
  for (let i = 0; i < pixels.length; i += 3) {
    const light = spread(noise.readUInt8(i));
    const tint = spread(noise.readUInt8(i + 1)) * TINT;
    [light + tint, light, light - tint].forEach((change, channel) => {
      pixels[i + channel] = Math.max(0, Math.min(255, pixels.readUInt8(i + channel) + Math.round(change)));
    });
  }
  return pixels;
}

function stretch(pixels: Buffer, [width, height]: Size, to: Size): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(to[0], to[1], { kernel: "cubic" })
    .raw()
    .toBuffer();
}

/**
 * A 12 MP JPEG of about 3 MB. `orientation` writes an EXIF orientation (6: the camera was held
 * upright and the pixels lie on their side, so the photo shows 3000 wide and 4000 tall).
 */
export async function phonePhoto(orientation?: number): Promise<Buffer> {
  let pixels = roughen(Buffer.alloc(8 * 6 * 3, 128), 255);
  pixels = roughen(await stretch(pixels, [8, 6], [60, 45]), 120);
  pixels = roughen(await stretch(pixels, [60, 45], [400, 300]), 50);
  pixels = roughen(await stretch(pixels, [400, 300], [WIDTH, HEIGHT]), 15);
  const image = sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 90 }).toBuffer();
}
