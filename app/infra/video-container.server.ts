import { BufferSource, Input, MP4, QTFF, WEBM } from "mediabunny";

// A file that starts like a video (random bytes behind an MP4 "ftyp" box) is not yet one, so the
// container is parsed: a video has the container its first bytes claim and a video track with at
// least one frame and a duration. That duration is the video's length as the post shows it.
// The frames themselves are not decoded (no decoder on the server), so a crafted file with
// nonsense frames in a sound container still passes; the daily upload quota bounds that.

/**
 * The length in seconds of the video in `bytes`, when they are a video container of `mimeType`
 * (video/mp4, video/quicktime or video/webm) with a video track that has frames; otherwise null.
 */
export async function videoDuration(bytes: Uint8Array, mimeType: string): Promise<number | null> {
  const input = new Input({ source: new BufferSource(bytes), formats: [MP4, QTFF, WEBM] });
  try {
    if ((await input.getFormat()).mimeType !== mimeType) return null;
    const track = await input.getPrimaryVideoTrack();
    if (!track) return null;
    const [frames, duration] = await Promise.all([track.computePacketStats(1), track.computeDuration()]);
    return frames.packetCount > 0 && duration > 0 ? duration : null;
  } catch {
    // Not a container mediabunny can read, or one that breaks off: not a video we keep.
    return null;
  } finally {
    input.dispose();
  }
}
