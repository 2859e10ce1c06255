import {
  BufferTarget,
  EncodedPacket,
  EncodedVideoPacketSource,
  MovOutputFormat,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from "mediabunny";

// Real video containers, a few hundred bytes each, muxed by mediabunny from made-up frames:
// the container is what the upload check reads, and no encoder runs in Node.

/** avcC of a 64×48 H.264 baseline stream (one SPS, one PPS). */
const AVC_CONFIG = new Uint8Array([
  1, 0x42, 0, 0x1f, 0xff, 0xe1, 0, 4, 0x67, 0x42, 0, 0x1f, 1, 0, 4, 0x68, 0xce, 0x3c, 0x80,
]);

const FORMATS = {
  mp4: () => new Mp4OutputFormat(),
  mov: () => new MovOutputFormat(),
  webm: () => new WebMOutputFormat(),
};

/** A video of `frames` tenths of a second (64×48): H.264 in MP4 and QuickTime, VP8 in WebM. */
export async function tinyVideo(container: keyof typeof FORMATS, frames = 5): Promise<Buffer> {
  const output = new Output({ format: FORMATS[container](), target: new BufferTarget() });
  const avc = container !== "webm";
  const source = new EncodedVideoPacketSource(avc ? "avc" : "vp8");
  output.addVideoTrack(source);
  await output.start();
  const decoderConfig = {
    codec: avc ? "avc1.42001f" : "vp8",
    codedWidth: 64,
    codedHeight: 48,
    ...(avc ? { description: AVC_CONFIG } : {}),
  };
  for (let frame = 0; frame < frames; frame++) {
    const packet = new EncodedPacket(
      new Uint8Array([0, 0, 0, 4, 0x65, frame, 2, 3]),
      frame === 0 ? "key" : "delta",
      frame / 10,
      0.1,
    );
    await source.add(packet, frame === 0 ? { decoderConfig } : undefined);
  }
  await output.finalize();
  return Buffer.from(output.target.buffer!);
}

/** A real MP4 of `size` bytes: `tinyVideo("mp4")` followed by a "free" box of random bytes (players skip it). */
export async function paddedVideo(size: number): Promise<Buffer> {
  const { randomBytes } = await import("node:crypto");
  const video = await tinyVideo("mp4");
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size - video.byteLength);
  header.write("free", 4, "latin1");
  return Buffer.concat([video, header, randomBytes(size - video.byteLength - 8)]);
}
