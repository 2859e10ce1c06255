// A local S3-compatible server (s3rver) at the network edge, for the tests of STORAGE=s3: it
// keeps its objects in a folder of the test's, with one bucket and s3rver's fixed test keys.
import S3rver from "@20minutes/s3rver";

export type LocalS3 = {
  endpoint: string;
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The app's settings for this server (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** Starts s3rver on `port` (0: any free one); started again on the same folder and port, it holds the same objects. */
export async function startLocalS3(
  directory: string,
  { bucket = "fieldline-uploads", port = 0 } = {},
): Promise<LocalS3> {
  // s3rver signs a bucket's own path as "/bucket" where the SDK signs "/bucket/", so it refuses
  // every listing as SignatureDoesNotMatch; it is told not to compare signatures (the SDK's
  // signing is the SDK's, and real S3 servers check it).
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    port: address.port,
    bucket,
    ...keys,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    close: () => server.close(),
  };
}
